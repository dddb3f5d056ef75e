import type { FastifyPluginAsync } from 'fastify';
import type { AccessLinkDeps } from '../secure-access/index.js';
import { integrationsRoutes } from './integrations.routes.js';

export type IntegrationsModuleOptions = { accessLinks: AccessLinkDeps };

/** The integration API (PMS ids, API keys). */
export const integrationsModule: FastifyPluginAsync<IntegrationsModuleOptions> = async (
  app,
  { accessLinks },
) => {
  await app.register(integrationsRoutes, { accessLinks });
};
