import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  leadDraftResponseSchema,
  leadIdParamsSchema,
  saveLeadDraftRequestSchema,
} from '@leasing/contract';
import { principalOf } from '../../lib/principal.js';
import { discardDraft, getDraft, saveDraft } from './drafts.service.js';

/** The signed-in user's own draft on a lead: any staff role, never anyone else's. */
export const draftsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;

  app.get(
    apiRoutes.leadDraft,
    { schema: { params: leadIdParamsSchema, response: { 200: leadDraftResponseSchema } } },
    (request) => getDraft(db, principalOf(request), request.params.leadId),
  );

  app.put(
    apiRoutes.leadDraft,
    {
      schema: {
        params: leadIdParamsSchema,
        body: saveLeadDraftRequestSchema,
        response: { 200: leadDraftResponseSchema },
      },
    },
    (request) => saveDraft(db, principalOf(request), request.params.leadId, request.body),
  );

  app.delete(
    apiRoutes.leadDraft,
    { schema: { params: leadIdParamsSchema } },
    async (request, reply) => {
      await discardDraft(db, principalOf(request), request.params.leadId);
      return reply.status(204).send();
    },
  );
};
