import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  leadIdParamsSchema,
  leadSourceResponseSchema,
  setSourceRequestSchema,
  updateLeadDetailsRequestSchema,
  updateLeadDetailsResponseSchema,
} from '@leasing/contract';
import type { Clock } from '../../lib/clock.js';
import { principalOf } from '../../lib/principal.js';
import { setLeadSource, updateLeadDetails } from './lead-details.service.js';

/** Staff correct a lead's name, phone and email, and say where it came from. */
export const leadDetailsRoutes: FastifyPluginAsyncZod<{ now: Clock }> = async (app, { now }) => {
  app.addHook('onRequest', app.authenticate);
  app.patch(
    apiRoutes.leadDetails,
    {
      schema: {
        params: leadIdParamsSchema,
        body: updateLeadDetailsRequestSchema,
        response: { 200: updateLeadDetailsResponseSchema },
      },
    },
    (request) =>
      updateLeadDetails(
        { events: app.events, now },
        principalOf(request),
        request.params.leadId,
        request.body,
      ),
  );

  app.put(
    apiRoutes.leadSourceOfLead,
    {
      schema: {
        params: leadIdParamsSchema,
        body: setSourceRequestSchema,
        response: { 200: leadSourceResponseSchema },
      },
    },
    (request) =>
      setLeadSource(app.events, principalOf(request), request.params.leadId, request.body.sourceId),
  );
};
