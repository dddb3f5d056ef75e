import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.js';
import { resolveApiKey, type ApiKeyPrincipal } from '../api-keys/api-keys.service.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyRequest {
    /** The API key of an integration request, after `authenticateIntegration`. */
    integration: ApiKeyPrincipal | null;
  }
}

const refused = (message: string) =>
  new HttpError(401, 'UNAUTHORIZED', message, {
    'www-authenticate': 'Bearer realm="integrations"',
  });

/**
 * Lets a request through only with a live API key, and remembers the key's company: the one
 * company every lookup of the request is scoped to. Runs on `onRequest`, so a caller without a
 * key is refused before its body is read.
 */
export const registerIntegrationAuth = (app: FastifyInstance) => {
  app.decorateRequest('integration', null);
  app.addHook('onRequest', async (request) => {
    const credential = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!credential) throw refused('Send your API key as "Authorization: Bearer <key>".');
    const key = await resolveApiKey(app.database.db, credential);
    if (!key) throw refused('This API key is not valid or has been revoked.');
    request.integration = key;
  });
};

export const integrationOf = (request: FastifyRequest): ApiKeyPrincipal => {
  if (!request.integration) throw refused('Send your API key as "Authorization: Bearer <key>".');
  return request.integration;
};
