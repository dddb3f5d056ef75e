import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  conversationPageSchema,
  conversationSearchPageSchema,
  conversationSearchQuerySchema,
  conversationsAroundQuerySchema,
  conversationsQuerySchema,
  conversationWindowSchema,
  leadIdParamsSchema,
} from '@leasing/contract';
import { decodeCursor } from '../../lib/cursor.js';
import { principalOf } from '../../lib/principal.js';
import { getCompanyLead } from './index.js';
import {
  getConversationWindow,
  listConversationEvents,
  listNewerConversationEvents,
  searchConversation,
} from '../conversation/index.js';

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
      const { companyId } = principalOf(request);
      const { leadId } = request.params;
      const { before, after, limit } = request.query;
      if (after) {
        const lead = await getCompanyLead(db, companyId, leadId);
        return listNewerConversationEvents(
          db,
          lead.id,
          limit,
          decodeCursor(after, 'querystring.after'),
        );
      }
      const older = before ? decodeCursor(before, 'querystring.before') : undefined;
      // The page's query checks the lead is the company's (one round trip); an empty page asks the
      // lead why: 404 unknown, 403 another company's, or a page with nothing in it.
      const page = await listConversationEvents(db, { companyId, leadId }, limit, older);
      if (page.items.length === 0) await getCompanyLead(db, companyId, leadId);
      return page;
    },
  );

  app.get(
    apiRoutes.leadConversationsAround,
    {
      schema: {
        params: leadIdParamsSchema,
        querystring: conversationsAroundQuerySchema,
        response: { 200: conversationWindowSchema },
      },
    },
    async (request) => {
      const lead = await getCompanyLead(db, principalOf(request).companyId, request.params.leadId);
      const { date, limit } = request.query;
      return getConversationWindow(db, lead.id, new Date(date), limit);
    },
  );

  app.get(
    apiRoutes.leadConversationsSearch,
    {
      schema: {
        params: leadIdParamsSchema,
        querystring: conversationSearchQuerySchema,
        response: { 200: conversationSearchPageSchema },
      },
    },
    async (request) => {
      const lead = await getCompanyLead(db, principalOf(request).companyId, request.params.leadId);
      const { q, cursor, limit } = request.query;
      return searchConversation(
        db,
        { companyId: lead.companyId, leadId: lead.id },
        q,
        limit,
        cursor ? decodeCursor(cursor) : undefined,
      );
    },
  );
};
