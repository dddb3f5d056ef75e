import type { FastifyPluginAsync } from 'fastify';
import { quietHoursRoutes } from './quiet-hours.routes.js';

/**
 * Quiet hours: the company's policy (Settings → Quiet hours). The send path asks the service
 * (`checkStaffSmsWindow`) or a `SendWindow` (`send-window.ts`) whether a text may go now.
 */
export const quietHoursModule: FastifyPluginAsync = async (app) => {
  await app.register(quietHoursRoutes, { deps: { db: app.database.db, events: app.events } });
};
