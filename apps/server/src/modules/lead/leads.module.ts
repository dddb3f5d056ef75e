import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { SPEED_TO_LEAD_QUEUE, type SpeedToLeadJob } from '../scheduling/index.js';
import { conversationsRoutes } from './conversations.routes.js';
import { leadsRoutes } from './leads.routes.js';
import { checkSpeedToLeadBreach } from './speed-to-lead.service.js';

/**
 * A property's leads and a lead with its timeline, as the console reads them; and the worker of
 * the speed-to-lead checks scheduling queues, which claims the lead's breach and publishes it.
 */
export const leadsModule: FastifyPluginAsync<{ now: Clock }> = async (app, { now }) => {
  await app.register(leadsRoutes, { now });
  await app.register(conversationsRoutes);
  const deps = { events: app.events, queue: app.queue, now };
  await app.queue.createQueue(SPEED_TO_LEAD_QUEUE);
  await app.queue.work<SpeedToLeadJob>(SPEED_TO_LEAD_QUEUE, async (jobs) => {
    for (const job of jobs) await checkSpeedToLeadBreach(deps, job.data);
  });
};
