import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  leadPageSchema,
  leadSchema,
  pageQuerySchema,
  pmsLeadParamsSchema,
  propertyParamsSchema,
} from '@leasing/contract';
import type { Clock } from '../../lib/clock.js';
import { principalOf } from '../../lib/principal.js';
import { getLead, listLeads } from './leads.service.js';

export const leadsRoutes: FastifyPluginAsyncZod<{ now: Clock }> = async (app, { now }) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;

  app.get(
    apiRoutes.propertyLeads,
    {
      schema: {
        params: propertyParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: leadPageSchema },
      },
    },
    (request) =>
      listLeads(db, principalOf(request).companyId, request.params.propertyId, request.query),
  );

  app.get(
    apiRoutes.lead,
    { schema: { params: pmsLeadParamsSchema, response: { 200: leadSchema } } },
    (request) =>
      getLead(
        db,
        principalOf(request).companyId,
        request.params.propertyId,
        request.params.pmsLeadId,
        now(),
      ),
  );
};
