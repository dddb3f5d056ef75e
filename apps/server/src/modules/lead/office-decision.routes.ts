import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  officeDecisionParamsSchema,
  officeDecisionResponseSchema,
  officeDecisionUpdateSchema,
} from '@leasing/contract';
import type { Clock } from '../../lib/clock.js';
import { principalOf } from '../../lib/principal.js';
import { completeOfficeDecision, reopenOfficeDecision } from './office-decision.service.js';

export const officeDecisionRoutes: FastifyPluginAsyncZod<{ now: Clock }> = async (app, { now }) => {
  app.addHook('onRequest', app.authenticate);
  const deps = { db: app.database.db, events: app.events, now };

  app.put(
    apiRoutes.officeDecision,
    {
      schema: {
        params: officeDecisionParamsSchema,
        body: officeDecisionUpdateSchema,
        response: { 200: officeDecisionResponseSchema },
      },
    },
    (request) =>
      completeOfficeDecision(
        deps,
        principalOf(request),
        request.params.companyId,
        request.params.leadId,
        request.body,
      ),
  );

  app.post(
    apiRoutes.officeDecisionReopen,
    {
      schema: {
        params: officeDecisionParamsSchema,
        response: { 200: officeDecisionResponseSchema },
      },
    },
    (request) =>
      reopenOfficeDecision(
        deps,
        principalOf(request),
        request.params.companyId,
        request.params.leadId,
      ),
  );
};
