import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  createPaymentLinkRequestSchema,
  createPaymentLinkResponseSchema,
  leadIdParamsSchema,
  leadPaymentLinksSchema,
} from '@leasing/contract';
import { principalOf } from '../../lib/principal.js';
import { createPaymentLink, getLeadPaymentLinks, type PaymentsDeps } from './payments.service.js';
import type { SendLimits } from '../messaging/index.js';

/** Staff: a lead's payment links and the amount it owes; creating (and sending) a new link. */
export const paymentLinksRoutes: FastifyPluginAsyncZod<{
  deps: PaymentsDeps;
  limits: SendLimits;
}> = async (app, { deps, limits }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiRoutes.leadPaymentLinks,
    { schema: { params: leadIdParamsSchema, response: { 200: leadPaymentLinksSchema } } },
    (request) => getLeadPaymentLinks(deps, principalOf(request), request.params.leadId),
  );

  app.post(
    apiRoutes.leadPaymentLinks,
    {
      // The link's text or email is a person's send: it counts against the same limits.
      preHandler: async (request) => limits.consume(principalOf(request)),
      schema: {
        params: leadIdParamsSchema,
        body: createPaymentLinkRequestSchema,
        response: { 201: createPaymentLinkResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await createPaymentLink(
        deps,
        principalOf(request),
        request.params.leadId,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );
};
