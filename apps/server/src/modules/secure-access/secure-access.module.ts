import type { FastifyPluginAsync } from 'fastify';
import type { AccessLinkDeps } from './access-links.service.js';
import { secureAccessRoutes } from './secure-access.routes.js';

export type SecureAccessModuleOptions = { accessLinks: AccessLinkDeps };

/** Secure-access links to one lead. */
export const secureAccessModule: FastifyPluginAsync<SecureAccessModuleOptions> = async (
  app,
  { accessLinks },
) => {
  await app.register(secureAccessRoutes, { accessLinks });
};
