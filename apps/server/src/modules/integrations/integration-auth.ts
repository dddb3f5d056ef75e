import { createHash } from 'node:crypto';
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

const credentialOf = (request: FastifyRequest) =>
  /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];

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
  // Counted per key before it is looked up, so a flood costs no database work past the limit.
  app.addHook(
    'onRequest',
    app.rateLimit({
      max: app.config.integrationLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => {
        const credential = credentialOf(request);
        return credential
          ? `integration:${createHash('sha256').update(credential).digest('hex')}`
          : `integration-ip:${request.ip}`;
      },
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: `Too many requests with this API key. Try again in ${context.after}.`,
      }),
    }),
  );
  app.addHook('onRequest', async (request) => {
    const credential = credentialOf(request);
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
