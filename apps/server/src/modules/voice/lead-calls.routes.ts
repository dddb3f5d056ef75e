import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  leadCallSchema,
  leadIdParamsSchema,
  simulateCallRequestSchema,
} from '@leasing/contract';
import { principalOf } from '../../lib/principal.js';
import { placeCall, type OutboundCallDeps } from './outbound-calls.service.js';
import { simulateCall } from './sandbox-calls.service.js';

/**
 * Calls from the pane: 'Call' rings the person's own phone and then the lead (any staff who can
 * see the lead); in the sandbox, a simulated call from the lead takes the place of a real one.
 */
export const leadCallsRoutes: FastifyPluginAsyncZod<{ deps: OutboundCallDeps }> = async (
  app,
  { deps },
) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    apiRoutes.leadCalls,
    {
      schema: {
        summary: "Call the lead: Twilio rings the caller's own phone, then the lead",
        params: leadIdParamsSchema,
        response: { 201: leadCallSchema },
      },
    },
    async (request, reply) => {
      const call = await placeCall(deps, principalOf(request), request.params.leadId);
      return reply.status(201).send(call);
    },
  );

  app.post(
    apiRoutes.leadCallsSimulate,
    {
      schema: {
        summary: 'The sandbox: a simulated call from the lead (answered, missed or voicemail)',
        params: leadIdParamsSchema,
        body: simulateCallRequestSchema,
        response: { 201: leadCallSchema },
      },
    },
    async (request, reply) => {
      const call = await simulateCall(
        deps,
        principalOf(request),
        request.params.leadId,
        request.body.outcome,
      );
      return reply.status(201).send(call);
    },
  );
};
