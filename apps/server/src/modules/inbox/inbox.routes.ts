import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiRoutes,
  inboxExportQuerySchema,
  inboxPageSchema,
  inboxQuerySchema,
  leadIdParamsSchema,
  todaySchema,
  workloadQuerySchema,
  workloadSchema,
} from '@leasing/contract';
import type { Clock } from '../../lib/clock.js';
import { MANAGERS_ROUTE, principalOf } from '../../lib/principal.js';
import { sendInboxCsv } from './inbox-export.js';
import { listInbox, readLead } from './inbox.service.js';
import { getToday } from './today.service.js';
import { getWorkload } from './workload.service.js';

const userOf = (principal: { id: string; companyId: string }) => ({
  companyId: principal.companyId,
  userId: principal.id,
});

export const inboxRoutes: FastifyPluginAsyncZod<{ now: Clock }> = async (app, { now }) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;

  app.get(
    apiRoutes.inbox,
    { schema: { querystring: inboxQuerySchema, response: { 200: inboxPageSchema } } },
    (request) => listInbox(db, userOf(principalOf(request)), request.query, now()),
  );

  app.get(
    apiRoutes.inboxExport,
    {
      schema: {
        summary: 'The inbox as CSV: every lead the same narrowing lists (audited)',
        querystring: inboxExportQuerySchema,
      },
    },
    (request, reply) =>
      sendInboxCsv(reply, { db, events: app.events }, principalOf(request), request.query, now()),
  );

  app.get(
    apiRoutes.today,
    {
      schema: {
        summary: "The caller's leads that need action now, most urgent first",
        response: { 200: todaySchema },
      },
    },
    (request) => getToday(db, userOf(principalOf(request)), now),
  );

  app.get(
    apiRoutes.workload,
    {
      config: MANAGERS_ROUTE,
      schema: {
        summary: "The team's workload: each person's open, waiting and due leads",
        querystring: workloadQuerySchema,
        response: { 200: workloadSchema },
      },
    },
    (request) => getWorkload(db, principalOf(request), request.query, now()),
  );

  app.post(
    apiRoutes.leadRead,
    { schema: { params: leadIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await readLead(db, userOf(principalOf(request)), request.params.leadId);
      return reply.status(204).send(null);
    },
  );
};
