import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  date,
} from 'drizzle-orm/pg-core';
import { paymentLinkStatuses, paymentProviders } from '@leasing/contract';
import { id, timestamps } from './columns.js';
import { companies, users } from './companies.js';
import { leads } from './leads.js';

export const paymentLinkStatus = pgEnum('payment_link_status', paymentLinkStatuses);
export const paymentProvider = pgEnum('payment_provider', paymentProviders);

/**
 * A link for one lead to pay one amount on the payment host. The row is the truth: the token only
 * names it, so an expired or paid link is told apart from a forged one.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    leadId: uuid()
      .notNull()
      .references(() => leads.id),
    amountCents: integer().notNull(),
    currency: text().notNull().default('USD'),
    description: text().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    channel: text({ enum: ['SMS', 'EMAIL'] }).notNull(),
    status: paymentLinkStatus().notNull().default('ACTIVE'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    openedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    provider: paymentProvider(),
    /** The provider's payment (sandbox charge or Stripe PaymentIntent): the payer's reference. */
    providerPaymentId: text(),
    cardBrand: text(),
    cardLast4: text(),
    /**
     * The open Stripe Checkout Session, reused while it lasts so a payer never gets two. An expiry
     * without a URL is a session being created (see `reserveCheckout`).
     */
    stripeSessionId: text(),
    stripeSessionUrl: text(),
    stripeSessionExpiresAt: timestamp({ withTimezone: true }),
    /** The SMS or email that carried the link. */
    messageEventId: uuid(),
    createdByUserId: uuid().references(() => users.id),
    createdByUserName: text(),
    ...timestamps,
  },
  (table) => [
    index('payment_links_lead_idx').on(table.leadId, table.createdAt.desc()),
    index('payment_links_active_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'ACTIVE'`),
  ],
);

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

/**
 * Every payment attempt and provider event we acted on, unique per provider id: a replayed webhook
 * or a resubmitted form finds its row and changes nothing.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: id(),
    paymentLinkId: uuid()
      .notNull()
      .references(() => paymentLinks.id),
    provider: paymentProvider().notNull(),
    /** The sandbox form's idempotency key, or the Stripe event id. */
    externalId: text().notNull(),
    /** REJECTED: a provider reported a payment that does not match the link (amount, currency). */
    outcome: text({ enum: ['PAID', 'DECLINED', 'IGNORED', 'REJECTED'] }).notNull(),
    declineReason: text(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('payment_attempts_provider_external_unique').on(table.provider, table.externalId),
  ],
);

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
