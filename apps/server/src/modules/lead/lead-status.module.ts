import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { leadStatusRoutes } from './lead-status.routes.js';
import { automaticMoveOfTimelineEvent, moveAutomatically } from './lead-status.service.js';

export type LeadStatusModuleOptions = { now: Clock };

/**
 * The leasing pipeline. Besides its routes it moves leads by what happens to them, inside the
 * transaction of the cause so the two commit together: an outgoing message (`message.created`;
 * a scheduled one when it leaves, `message.released`; or an outbound message an integration
 * appended) → CONTACTED; a tour scheduled or canceled
 * through the integration API → TOUR_SCHEDULED / back to CONTACTED.
 */
export const leadStatusModule: FastifyPluginAsync<LeadStatusModuleOptions> = async (
  app,
  { now },
) => {
  // A scheduled message moves the lead when it leaves, not when it is written.
  app.events.subscribeInTransaction('message.created', 'lead-status', async (event, scope) => {
    if (!event.scheduledAt) await moveAutomatically(scope, event.leadId, 'outbound', now());
  });
  app.events.subscribeInTransaction('message.released', 'lead-status', (event, scope) =>
    moveAutomatically(scope, event.leadId, 'outbound', now()),
  );
  app.events.subscribeInTransaction('timeline.event_added', 'lead-status', async (event, scope) => {
    const move = await automaticMoveOfTimelineEvent(scope.db, event.timelineEventId);
    if (move) await moveAutomatically(scope, event.leadId, move, now());
  });
  await app.register(leadStatusRoutes, { now });
};
