import Stripe from 'stripe';
import { cardBrandName } from '@leasing/contract';
import type { PaymentProvider, PaymentWebhookEvent } from './payment-provider.js';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Another API base (a test double on loopback); Stripe's own when unset. */
  apiUrl: string | undefined;
};

const connectionOf = (apiUrl: string | undefined) => {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  return {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'http:' ? 80 : 443)),
    protocol: url.protocol === 'http:' ? ('http' as const) : ('https' as const),
  };
};

/** Metadata key naming our payment link on Stripe's objects. */
const LINK_KEY = 'payment_link_id';

/**
 * Stripe Checkout: Stripe hosts the card form; the payment reaches us as a signed
 * `checkout.session.completed` webhook (or `async_payment_succeeded` for delayed methods).
 */
export const createStripePaymentProvider = (settings: StripeSettings): PaymentProvider => {
  const stripe = new Stripe(settings.secretKey, {
    ...connectionOf(settings.apiUrl),
    maxNetworkRetries: 2,
    timeout: 15_000,
  });
  return {
    kind: 'stripe',
    createCheckoutSession: async (input) => {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amountCents,
                product_data: { name: input.description },
              },
            },
          ],
          client_reference_id: input.paymentLinkId,
          metadata: { [LINK_KEY]: input.paymentLinkId },
          payment_intent_data: { metadata: { [LINK_KEY]: input.paymentLinkId } },
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        },
        // One session per link and reserved expiry: a double click, a retried request or a checkout
        // racing this one gets the same session.
        { idempotencyKey: `checkout-${input.paymentLinkId}-${input.expiresAt.getTime()}` },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },
    cardOf: async (paymentId) => {
      if (!paymentId.startsWith('pi_')) return null;
      const intent = await stripe.paymentIntents.retrieve(paymentId, {
        expand: ['latest_charge'],
      });
      const charge = intent.latest_charge;
      const card = typeof charge === 'object' ? charge?.payment_method_details?.card : undefined;
      if (!card?.last4) return null;
      return { cardBrand: cardBrandName(card.brand || 'card'), cardLast4: card.last4 };
    },
    readWebhook: (rawBody, signature): PaymentWebhookEvent => {
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        settings.webhookSecret,
      );
      if (
        event.type === 'checkout.session.completed' ||
        event.type === 'checkout.session.async_payment_succeeded'
      ) {
        const session = event.data.object;
        const paymentLinkId = session.metadata?.[LINK_KEY] ?? session.client_reference_id;
        if (session.payment_status === 'paid' && paymentLinkId) {
          const paymentIntent = session.payment_intent;
          return {
            kind: 'paid',
            eventId: event.id,
            paymentLinkId,
            paymentId:
              (typeof paymentIntent === 'string' ? paymentIntent : paymentIntent?.id) ?? session.id,
            amountCents: session.amount_total ?? 0,
            currency: (session.currency ?? '').toUpperCase(),
            cardBrand: null,
            cardLast4: null,
          };
        }
      }
      return { kind: 'ignored', eventId: event.id, type: event.type };
    },
  };
};
