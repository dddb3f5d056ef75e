import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  assignUnmatchedRequestSchema,
  createLeadFromUnmatchedRequestSchema,
  unmatchedCountSchema,
  unmatchedListQuerySchema,
  unmatchedMessagePageSchema,
  unmatchedMessageSchema,
  unmatchedParamsSchema,
} from '@leasing/contract';
import type { Clock } from '../../lib/clock.js';
import { principalOf } from '../../lib/principal.js';
import { countOpenUnmatched, listUnmatchedMessages } from './unmatched.repository.js';
import {
  assignUnmatched,
  createLeadFromUnmatched,
  dismissUnmatched,
  type UnmatchedDeps,
} from './unmatched.service.js';

/** Messages no lead could be chosen for, and what staff do with them. Every staff role. */
export const unmatchedRoutes: FastifyPluginAsyncZod<{ now: Clock }> = async (app, { now }) => {
  app.addHook('onRequest', app.authenticate);
  const deps: UnmatchedDeps = { events: app.events, now };

  app.get(
    apiRoutes.unmatchedMessages,
    {
      schema: {
        querystring: unmatchedListQuerySchema,
        response: { 200: unmatchedMessagePageSchema },
      },
    },
    (request) =>
      listUnmatchedMessages(app.database.db, principalOf(request).companyId, request.query),
  );

  app.get(
    apiRoutes.unmatchedCount,
    { schema: { response: { 200: unmatchedCountSchema } } },
    async (request) => ({
      open: await countOpenUnmatched(app.database.db, principalOf(request).companyId),
    }),
  );

  app.post(
    apiRoutes.unmatchedAssign,
    {
      schema: {
        params: unmatchedParamsSchema,
        body: assignUnmatchedRequestSchema,
        response: { 200: unmatchedMessageSchema },
      },
    },
    (request) =>
      assignUnmatched(deps, principalOf(request), request.params.messageId, request.body),
  );

  app.post(
    apiRoutes.unmatchedCreateLead,
    {
      schema: {
        params: unmatchedParamsSchema,
        body: createLeadFromUnmatchedRequestSchema,
        response: { 200: unmatchedMessageSchema },
      },
    },
    (request) =>
      createLeadFromUnmatched(deps, principalOf(request), request.params.messageId, request.body),
  );

  app.post(
    apiRoutes.unmatchedDismiss,
    { schema: { params: unmatchedParamsSchema, response: { 200: unmatchedMessageSchema } } },
    (request) => dismissUnmatched(deps, principalOf(request), request.params.messageId),
  );
};
