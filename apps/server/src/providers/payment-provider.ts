import type { PaymentProviderName } from '@leasing/contract';

/** A card as the sandbox checkout form sends it, already checked for shape. */
export type CardInput = {
  name: string;
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  postalCode: string;
};

export type CardChargeResult =
  | { outcome: 'PAID'; paymentId: string; cardBrand: string; cardLast4: string }
  /** `reason` is the sentence the payer reads, as a card network would word it. */
  | { outcome: 'DECLINED'; code: string; reason: string; cardBrand: string; cardLast4: string };

export type CheckoutSessionInput = {
  paymentLinkId: string;
  amountCents: number;
  currency: string;
  description: string;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
};

export type CheckoutSession = { id: string; url: string; expiresAt: Date };

/** What a provider's webhook told us, once its signature is proven. */
export type PaymentWebhookEvent =
  | {
      kind: 'paid';
      eventId: string;
      paymentLinkId: string;
      paymentId: string;
      amountCents: number;
      /** ISO 4217, upper case. */
      currency: string;
      cardBrand: string | null;
      cardLast4: string | null;
    }
  | { kind: 'ignored'; eventId: string; type: string };

/**
 * How a payment link is paid. The sandbox takes the card on our own checkout page and answers at
 * once; Stripe hosts the card form (Checkout Session) and reports the payment by a signed webhook.
 */
export type PaymentProvider =
  | {
      kind: Extract<PaymentProviderName, 'sandbox'>;
      chargeCard: (input: {
        amountCents: number;
        currency: string;
        card: CardInput;
        now: Date;
      }) => Promise<CardChargeResult>;
    }
  | {
      kind: Extract<PaymentProviderName, 'stripe'>;
      createCheckoutSession: (input: CheckoutSessionInput) => Promise<CheckoutSession>;
      /** Throws when the signature does not prove the payload came from the provider. */
      readWebhook: (rawBody: Buffer, signature: string | undefined) => PaymentWebhookEvent;
      /** The card a payment was made with (brand, last 4), when the provider tells. */
      cardOf: (paymentId: string) => Promise<{ cardBrand: string; cardLast4: string } | null>;
    };
