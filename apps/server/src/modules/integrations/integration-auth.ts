import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '@leasing/contract';
import { HttpError } from '../../lib/errors.js';
import { resolveApiKey, type ApiKeyPrincipal } from '../api-keys/index.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyRequest {
    /** The API key of an integration request, after `authenticateIntegration`. */
    integration: ApiKeyPrincipal | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyContextConfig {
    /**
     * The scopes a key needs for an integration route, all of them. Every integration route
     * declares them: one that does not fails the app at start.
     */
    apiKeyScopes?: readonly ApiKeyScope[];
  }
}

const credentialOf = (request: FastifyRequest) =>
  /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];

const refused = (message: string) =>
  new HttpError('UNAUTHORIZED', message, {
    'www-authenticate': 'Bearer realm="integrations"',
  });

/**
 * Lets a request through only with a live API key, and remembers the key's company: the one
 * company every lookup of the request is scoped to. Runs on `onRequest`, so a caller without a
 * key is refused before its body is read.
 */
export const registerIntegrationAuth = (app: FastifyInstance) => {
  app.decorateRequest('integration', null);
  // Fail closed: a route that forgot its scopes would otherwise be open to every key.
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD') return;
    if (!route.config?.apiKeyScopes?.length) {
      throw new Error(`Integration route ${route.url} declares no apiKeyScopes.`);
    }
  });
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
      errorResponseBuilder: (_request, context) =>
        new HttpError(
          'RATE_LIMITED',
          `Too many requests with this API key. Try again in ${context.after}.`,
        ),
    }),
  );
  app.addHook('onRequest', async (request) => {
    const credential = credentialOf(request);
    if (!credential) throw refused('Send your API key as "Authorization: Bearer <key>".');
    const resolved = await resolveApiKey(app.database.db, credential);
    if (!resolved) throw refused('This API key is not valid or has been revoked.');
    if (resolved.status === 'expired') {
      throw refused(
        `This API key expired on ${resolved.expiredAt.toISOString()}. Ask an admin for a new one.`,
      );
    }
    const missing = (request.routeOptions.config.apiKeyScopes ?? []).filter(
      (scope) => !resolved.key.scopes.includes(scope),
    );
    if (missing.length > 0) {
      throw new HttpError(
        'MISSING_SCOPE',
        `This API key lacks the scope${missing.length > 1 ? 's' : ''} ${missing.map((scope) => `"${scope}"`).join(' and ')} this request needs. Ask an admin for a key with ${missing.length > 1 ? 'them' : 'it'}.`,
      );
    }
    request.integration = resolved.key;
  });
};

export const integrationOf = (request: FastifyRequest): ApiKeyPrincipal => {
  if (!request.integration) throw refused('Send your API key as "Authorization: Bearer <key>".');
  return request.integration;
};
