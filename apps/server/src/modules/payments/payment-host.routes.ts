import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiRoutes,
  checkoutRequestSchema,
  checkoutResultSchema,
  checkoutSessionRequestSchema,
  checkoutSessionSchema,
  publicPaymentLinkSchema,
} from '@leasing/contract';
import { HttpError } from '../../lib/errors.js';
import {
  handlePaymentWebhook,
  openPaymentLink,
  payWithCard,
  startCheckoutSession,
  type PaymentsDeps,
} from './payments.service.js';

/** Card attempts a minute per network and link: enough for typos, too few for card testing. */
const CHECKOUT_ATTEMPTS_PER_MINUTE = 10;

/**
 * The payment host's API: no session, the link's token is the credential. Only served on the
 * payment host (see the payment-host plugin), and only when payment links are on.
 */
export const paymentHostRoutes: FastifyPluginAsyncZod<{ deps: PaymentsDeps }> = async (
  app,
  { deps },
) => {
  if (!app.config.payments) return;

  app.get(
    apiRoutes.payLink,
    {
      schema: {
        querystring: z.object({ t: z.string().min(1, 't: the token of the payment link') }),
        response: { 200: publicPaymentLinkSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return openPaymentLink(deps, request.query.t);
    },
  );

  app.post(
    apiRoutes.payCheckout,
    {
      schema: { body: checkoutRequestSchema, response: { 200: checkoutResultSchema } },
      config: {
        rateLimit: {
          max: CHECKOUT_ATTEMPTS_PER_MINUTE,
          timeWindow: '1 minute',
          // After the body is read: attempts are counted per network and link.
          hook: 'preHandler',
          keyGenerator: (request) =>
            `checkout:${request.ip}:${createHash('sha256')
              .update(String((request.body as { token?: unknown } | undefined)?.token))
              .digest('base64url')}`,
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              'RATE_LIMITED',
              `Too many payment attempts. Try again in ${context.after}.`,
            ),
        },
      },
    },
    (request) => payWithCard(deps, request.body),
  );

  app.post(
    apiRoutes.payCheckoutSession,
    { schema: { body: checkoutSessionRequestSchema, response: { 200: checkoutSessionSchema } } },
    (request) => startCheckoutSession(deps, request.body.token),
  );
};

/**
 * `POST /webhooks/stripe`: Stripe's signed events. The signature covers the exact bytes, so this
 * scope reads JSON as a buffer. Exists only with Stripe configured.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ deps: PaymentsDeps }> = async (
  app,
  { deps },
) => {
  if (!app.config.payments?.stripe) return;
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.post(apiRoutes.stripeWebhook, async (request) => {
    const signature = request.headers['stripe-signature'];
    return handlePaymentWebhook(
      deps,
      request.body as Buffer,
      typeof signature === 'string' ? signature : undefined,
    );
  });
};
