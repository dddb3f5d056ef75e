import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { AccessLinkDeps } from '../secure-access/index.js';
import type { TourBookingDeps } from '../tours/index.js';
import { integrationsRoutes } from './integrations.routes.js';

export type IntegrationsModuleOptions = {
  accessLinks: AccessLinkDeps;
  now: Clock;
  /** Booking, moving and cancelling tours (scope `tours:write`). */
  tours: TourBookingDeps;
};

/** The integration API (PMS ids, API keys). */
export const integrationsModule: FastifyPluginAsync<IntegrationsModuleOptions> = async (
  app,
  { accessLinks, now, tours },
) => {
  await app.register(integrationsRoutes, { accessLinks, now, tours });
};
