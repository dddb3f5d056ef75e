import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  conversationPageSchema,
  conversationsQuerySchema,
  leadIdParamsSchema,
} from '@leasing/contract';
import { decodeCursor } from '../../lib/cursor.js';
import { principalOf } from '../../lib/principal.js';
import { getCompanyLead } from '../leads/leads.service.js';
import { listConversationEvents } from './conversations.service.js';

export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;

  app.get(
    apiRoutes.leadConversations,
    {
      schema: {
        params: leadIdParamsSchema,
        querystring: conversationsQuerySchema,
        response: { 200: conversationPageSchema },
      },
    },
    async (request) => {
      const lead = await getCompanyLead(db, principalOf(request).companyId, request.params.leadId);
      const { before, limit } = request.query;
      return listConversationEvents(db, lead.id, limit, before ? decodeCursor(before) : undefined);
    },
  );
};
