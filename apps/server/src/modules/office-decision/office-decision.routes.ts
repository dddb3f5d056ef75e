import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  officeDecisionParamsSchema,
  officeDecisionResponseSchema,
  officeDecisionUpdateSchema,
} from '@leasing/contract';
import { principalOf } from '../../lib/principal.js';
import { completeOfficeDecision } from './office-decision.service.js';

export const officeDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;

  app.put(
    apiRoutes.officeDecision,
    {
      schema: {
        params: officeDecisionParamsSchema,
        body: officeDecisionUpdateSchema,
        response: { 200: officeDecisionResponseSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const result = await completeOfficeDecision(
        { db, events: app.events },
        principal,
        request.params.companyId,
        request.params.leadId,
        request.body,
      );
      return result;
    },
  );
};
