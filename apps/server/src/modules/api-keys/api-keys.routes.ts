import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  apiKeySchema,
  apiRoutes,
  createApiKeyRequestSchema,
  createdApiKeySchema,
} from '@leasing/contract';
import { ADMINS_ROUTE, principalOf, userActor } from '../../lib/principal.js';
import { createApiKeyAsUser, listApiKeys, revokeApiKeyAsUser } from './api-keys.service.js';

/** Admins manage their company's integration keys (Settings → API keys). */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;

  app.get(
    apiRoutes.apiKeys,
    { config: ADMINS_ROUTE, schema: { response: { 200: apiKeyListSchema } } },
    (request) => listApiKeys(db, principalOf(request).companyId),
  );

  app.post(
    apiRoutes.apiKeys,
    {
      config: ADMINS_ROUTE,
      schema: { body: createApiKeyRequestSchema, response: { 201: createdApiKeySchema } },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const created = await createApiKeyAsUser(
        app.events,
        {
          companyId: principal.companyId,
          name: request.body.name,
          scopes: request.body.scopes,
          expiresAt: request.body.expiresAt ? new Date(request.body.expiresAt) : null,
        },
        userActor(principal),
      );
      // The key is a secret: no cache or proxy may keep this answer.
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    apiRoutes.apiKey,
    {
      config: ADMINS_ROUTE,
      schema: { params: apiKeyParamsSchema, response: { 200: apiKeySchema } },
    },
    (request) => {
      const principal = principalOf(request);
      return revokeApiKeyAsUser(
        app.events,
        principal.companyId,
        request.params.apiKeyId,
        userActor(principal),
      );
    },
  );
};
