import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  conversationEventSchema,
  optOutReviewParamsSchema,
  optOutReviewRequestSchema,
  optOutReviewResponseSchema,
  simulateInboundSmsRequestSchema,
} from '@leasing/contract';
import type { Clock } from '../../lib/clock.js';
import type { SmsProvider } from '../../providers/sms-provider.js';
import { HttpError } from '../../lib/errors.js';
import { ADMINS_ROUTE, principalOf } from '../../lib/principal.js';
import { verifyTwilioRequest } from '../../lib/twilio-signature.js';
import {
  inboundSmsFromTwilio,
  receiveInboundSms,
  reviewOptOut,
  simulateInboundSms,
  type InboundSmsDeps,
} from './inbound-sms.service.js';

/** Twilio waits for an answer; an empty one says "no reply from the webhook itself". */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

export const inboundSmsRoutes: FastifyPluginAsyncZod<{
  deps: InboundSmsDeps;
  now: Clock;
  smsKind: SmsProvider['kind'];
}> = async (app, { deps, now, smsKind }) => {
  const { config } = app;

  // Media is fetched by the queue, never here: Twilio gives a webhook 15 seconds.
  app.post(apiRoutes.twilioInbound, async (request, reply) => {
    const form = verifyTwilioRequest(request, config.publicUrl, config.messaging.twilio?.authToken);
    await receiveInboundSms(deps, inboundSmsFromTwilio(form));
    return reply.status(200).type('text/xml').send(EMPTY_TWIML);
  });

  app.post(
    apiRoutes.sandboxInboundSms,
    {
      onRequest: app.authenticate,
      // A sandbox tool, like the outbox it is opened from: admins only.
      config: ADMINS_ROUTE,
      schema: { body: simulateInboundSmsRequestSchema, response: { 200: conversationEventSchema } },
    },
    async (request) => {
      // With real Twilio, leads' texts come from their phones only.
      if (smsKind !== 'sandbox') {
        throw new HttpError('NOT_FOUND', 'Simulated replies exist only in the SMS sandbox.');
      }
      return simulateInboundSms(deps, principalOf(request), request.body);
    },
  );

  app.post(
    apiRoutes.leadOptOutReview,
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Decide a lead's text flagged as a possible opt-out",
        params: optOutReviewParamsSchema,
        body: optOutReviewRequestSchema,
        response: { 200: optOutReviewResponseSchema },
      },
    },
    (request) => reviewOptOut(deps, principalOf(request), request.params, request.body, now),
  );
};
