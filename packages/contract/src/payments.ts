import { z } from 'zod';
import { isoDateSchema } from './common.js';
import { conversationEventSchema } from './conversation.js';
import type { ErrorCode } from './errors.js';

/**
 * Payment links: staff send a lead a link to pay one amount; the lead opens it on the payment host
 * (payment-domain mode) and pays there. Amounts travel in cents; a timeline event's `data.amount`
 * stays in dollars like every other PAYMENT event.
 */

/** Query parameter of a payment link on the payment host: `https://PAYMENT_HOST/?t=<token>`. */
export const PAYMENT_LINK_TOKEN_PARAM = 't';
/** The page title in payment-domain mode (spec §9). */
export const PAYMENT_MODE_TITLE = 'Paymentlink';

export const PAYMENT_LINK_MIN_CENTS = 50;
export const PAYMENT_LINK_MAX_CENTS = 10_000_000;
export const PAYMENT_LINK_DEFAULT_EXPIRY_DAYS = 7;
export const PAYMENT_LINK_MAX_EXPIRY_DAYS = 30;

/** The sandbox provider's test cards (the same numbers as Stripe's test mode). */
export const SANDBOX_SUCCESS_CARD = '4242424242424242';
export const SANDBOX_DECLINE_CARD = '4000000000000002';

export const paymentLinkStatuses = ['ACTIVE', 'PAID', 'EXPIRED'] as const;
export const paymentLinkStatusSchema = z.enum(paymentLinkStatuses);
export type PaymentLinkStatus = z.infer<typeof paymentLinkStatusSchema>;

/** The moments of a link's life; each one is a PAYMENT event with `data.paymentLink.stage`. */
export const paymentLinkStages = ['SENT', 'OPENED', 'PAID', 'EXPIRED'] as const;
export const paymentLinkStageSchema = z.enum(paymentLinkStages);
export type PaymentLinkStage = z.infer<typeof paymentLinkStageSchema>;

/** `data.paymentLink` of a PAYMENT event that belongs to a payment link. */
export const paymentLinkEventDataSchema = z.object({
  id: z.string(),
  stage: paymentLinkStageSchema,
  description: z.string(),
  dueDate: z.iso.date(),
  channel: z.enum(['SMS', 'EMAIL']).optional(),
  cardBrand: z.string().optional(),
  cardLast4: z.string().optional(),
});
export type PaymentLinkEventData = z.infer<typeof paymentLinkEventDataSchema>;

const CARD_BRAND_NAMES: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** A card brand as a person reads it; providers name brands in lower case ('visa', 'amex'). */
export const cardBrandName = (brand: string): string =>
  CARD_BRAND_NAMES[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);

export const paymentProviders = ['sandbox', 'stripe'] as const;
export const paymentProviderSchema = z.enum(paymentProviders);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;

/**
 * Staff creating a link for the open lead; it is sent at once through the normal send path.
 * Messages here never name their field: a 400's `details` carry each message with its path.
 */
export const createPaymentLinkRequestSchema = z.object({
  amountCents: z
    .number()
    .int('whole cents')
    .min(PAYMENT_LINK_MIN_CENTS, 'at least 50 ($0.50)')
    .max(PAYMENT_LINK_MAX_CENTS, 'at most 10000000 ($100,000.00)'),
  description: z.string().trim().min(1, 'required').max(120),
  /** The day the payment is due (YYYY-MM-DD). */
  dueDate: z.iso.date(),
  channel: z.enum(['SMS', 'EMAIL']),
  expiresInDays: z
    .number()
    .int()
    .min(1)
    .max(PAYMENT_LINK_MAX_EXPIRY_DAYS)
    .default(PAYMENT_LINK_DEFAULT_EXPIRY_DAYS),
});
export type CreatePaymentLinkRequest = z.input<typeof createPaymentLinkRequestSchema>;

/** A payment link as staff see it. */
export const paymentLinkSchema = z.object({
  id: z.string(),
  leadID: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  description: z.string(),
  dueDate: z.iso.date(),
  status: paymentLinkStatusSchema,
  url: z.url(),
  channel: z.enum(['SMS', 'EMAIL']),
  createdAt: isoDateSchema,
  expiresAt: isoDateSchema,
  openedAt: isoDateSchema.nullable(),
  paidAt: isoDateSchema.nullable(),
  createdByUserName: z.string().nullable(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

/** What a new link put on the timeline: the message that carries it and its SENT event. */
export const createPaymentLinkResponseSchema = z.object({
  link: paymentLinkSchema,
  events: z.array(conversationEventSchema),
});
export type CreatePaymentLinkResponse = z.infer<typeof createPaymentLinkResponseSchema>;

/** The open balance of a lead moved to debt: the last MOVED_TO_DEBT amount less later payments. */
export const amountDueSchema = z.object({
  amountCents: z.number().int(),
  currency: z.string(),
  /** When the lead was moved to debt. */
  since: isoDateSchema,
});
export type AmountDue = z.infer<typeof amountDueSchema>;

/** `GET /api/leads/:leadId/payment-links`: what the create dialog needs. */
export const leadPaymentLinksSchema = z.object({
  /** False when no PAYMENT_HOST is configured: links cannot be made. */
  enabled: z.boolean(),
  amountDue: amountDueSchema.nullable(),
  /** Newest first. */
  links: z.array(paymentLinkSchema),
});
export type LeadPaymentLinks = z.infer<typeof leadPaymentLinksSchema>;

/* ---------- Payment host (public; the token is the only credential) ---------- */

export const paymentReceiptSchema = z.object({
  paidAt: isoDateSchema,
  /** The provider's payment id, shown to the payer as a reference. */
  reference: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;

/** `GET /api/pay/link?t=`: what the url-access page shows the payer. */
export const publicPaymentLinkSchema = z.object({
  status: paymentLinkStatusSchema,
  provider: paymentProviderSchema,
  payerName: z.string(),
  companyName: z.string(),
  propertyName: z.string(),
  propertyAddress: z.string().nullable(),
  description: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  dueDate: z.iso.date(),
  expiresAt: isoDateSchema,
  /**
   * The property's time zone (its own, else the company's): the due date is a day on its clock,
   * and the page names it with the due date and times, the payer's own zone being unknown.
   */
  timeZone: z.string(),
  /** Whom to ask for a new link. */
  contact: z.object({ phone: z.string().nullable(), email: z.string().nullable() }),
  receipt: paymentReceiptSchema.nullable(),
});
export type PublicPaymentLink = z.infer<typeof publicPaymentLinkSchema>;

export const cardDetailsSchema = z.object({
  name: z.string().trim().min(1, 'the name on the card').max(100),
  /** Digits only or grouped with spaces. */
  number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, '12 to 19 digits')),
  expMonth: z.number().int().min(1, '1 to 12').max(12, '1 to 12'),
  /** Four digits. */
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, '3 or 4 digits'),
  postalCode: z.string().trim().min(3, 'required').max(10),
});
export type CardDetails = z.input<typeof cardDetailsSchema>;

/** `POST /api/pay/checkout` (sandbox provider): pay the link with a card. */
export const checkoutRequestSchema = z.object({
  token: z.string().min(1),
  /** One per checkout page: a resubmitted form never charges twice. */
  idempotencyKey: z.uuid(),
  card: cardDetailsSchema,
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

export const checkoutResultSchema = z.object({
  status: z.literal('PAID'),
  receipt: paymentReceiptSchema,
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** `POST /api/pay/checkout-session` (Stripe): where to send the payer to pay. */
export const checkoutSessionRequestSchema = z.object({ token: z.string().min(1) });
export const checkoutSessionSchema = z.object({ redirectUrl: z.url() });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/**
 * Error codes of the payment host. A declined card is a 402 whose message is the provider's decline
 * reason; an unusable link a 404 (forged), 410 (expired) or 409 (already paid); a server that
 * cannot take payments a 503 to the payer (and `PAYMENTS_NOT_SET_UP`, 409, to staff creating a
 * link). Their statuses are in `errorCodes`.
 */
export const paymentErrorCodes = {
  invalidLink: 'PAYMENT_LINK_INVALID',
  expired: 'PAYMENT_LINK_EXPIRED',
  alreadyPaid: 'PAYMENT_LINK_PAID',
  cardDeclined: 'CARD_DECLINED',
  /** No way to pay on this server (a public payment host without a payment provider). */
  paymentsUnavailable: 'PAYMENTS_UNAVAILABLE',
} as const satisfies Record<string, ErrorCode>;
