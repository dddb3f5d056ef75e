import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  conversationEventSchema,
  senderConfirmationParamsSchema,
} from '@leasing/contract';
import type { Clock } from '../../lib/clock.js';
import { principalOf } from '../../lib/principal.js';
import { confirmSender } from './sender-confirmation.service.js';

/** `POST /api/leads/:leadId/sender-confirmations/:eventId`: 'Confirm sender' (every staff role). */
export const senderConfirmationRoutes: FastifyPluginAsyncZod<{ now: Clock }> = async (
  app,
  { now },
) => {
  const deps = { database: app.database, events: app.events };
  app.post(
    apiRoutes.leadSenderConfirmation,
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Confirm the sender of a lead's email that failed verification",
        params: senderConfirmationParamsSchema,
        response: { 200: conversationEventSchema },
      },
    },
    (request) => confirmSender(deps, principalOf(request), request.params, now),
  );
};
