import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { officeHoursRoutes } from './office-hours.routes.js';
import {
  completeFirstResponseOf,
  scheduleSpeedToLeadCheck,
  SPEED_TO_LEAD_QUEUE,
  type OfficeHoursDeps,
} from './office-hours.service.js';

export type OfficeHoursModuleOptions = { now: Clock };

/**
 * Office hours and speed-to-lead: the settings, a check queued (in the message's transaction) for
 * the moment a waiting lead reaches the first-reply target (the lead module's worker claims and
 * publishes the breach), and the first-response rows completed in the reply's transaction.
 */
export const officeHoursModule: FastifyPluginAsync<OfficeHoursModuleOptions> = async (
  app,
  { now },
) => {
  const deps: OfficeHoursDeps = {
    db: app.database.db,
    events: app.events,
    queue: app.queue,
    now,
  };
  await app.queue.createQueue(SPEED_TO_LEAD_QUEUE);
  app.events.subscribeInTransaction('message.received', 'speed-to-lead', (event, scope) =>
    scheduleSpeedToLeadCheck(scope, app.queue, event.leadId),
  );
  // A scheduled reply's first-response row is written when it leaves (the inbox trigger).
  app.events.subscribeInTransaction(
    ['message.created', 'message.released'],
    'first-response',
    (event, { db }) => completeFirstResponseOf(db, event),
  );
  await app.register(officeHoursRoutes, { deps });
};
