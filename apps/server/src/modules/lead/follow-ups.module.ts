import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { sweepEvery } from '../../lib/sweep.js';
import { followUpsRoutes } from './follow-ups.routes.js';
import { publishDueFollowUps, type FollowUpsDeps } from './follow-ups.service.js';

export type FollowUpsModuleOptions = {
  now: Clock;
  /** How often this process looks for follow-ups that came due. */
  sweepMs: number;
};

/**
 * Follow-ups: set from the console, and a sweep that announces each one once when it comes due.
 * Every process sweeps; the claim in the database makes the announcement exactly-once.
 */
export const followUpsModule: FastifyPluginAsync<FollowUpsModuleOptions> = async (
  app,
  { now, sweepMs },
) => {
  const deps: FollowUpsDeps = { db: app.database.db, events: app.events, now };
  await app.register(followUpsRoutes, { deps });

  sweepEvery(app, sweepMs, 'follow-up sweep', () => publishDueFollowUps(deps));
};
