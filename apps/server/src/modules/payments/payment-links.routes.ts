import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  createPaymentLinkRequestSchema,
  createPaymentLinkResponseSchema,
  leadIdParamsSchema,
  leadPaymentLinksSchema,
} from '@leasing/contract';
import { principalOf } from '../../lib/principal.js';
import { createPaymentLink, getLeadPaymentLinks } from './payments.service.js';

/** Staff: a lead's payment links and the amount it owes; creating (and sending) a new link. */
export const paymentLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiRoutes.leadPaymentLinks,
    { schema: { params: leadIdParamsSchema, response: { 200: leadPaymentLinksSchema } } },
    (request) => getLeadPaymentLinks(app.payments, principalOf(request), request.params.leadId),
  );

  app.post(
    apiRoutes.leadPaymentLinks,
    {
      schema: {
        params: leadIdParamsSchema,
        body: createPaymentLinkRequestSchema,
        response: { 201: createPaymentLinkResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await createPaymentLink(
        app.payments,
        principalOf(request),
        request.params.leadId,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );
};
