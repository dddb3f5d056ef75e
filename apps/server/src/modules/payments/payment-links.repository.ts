import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  companies,
  conversationEvents,
  leads,
  paymentAttempts,
  paymentLinks,
  properties,
  type PaymentLinkRow,
} from '../../db/schema/index.js';

export type NewPaymentLinkRow = typeof paymentLinks.$inferInsert;

export const insertPaymentLink = async (db: Db, values: NewPaymentLinkRow) => {
  const [row] = await db.insert(paymentLinks).values(values).returning();
  if (!row) throw new Error('payment link insert returned nothing');
  return row;
};

export const setPaymentLinkMessage = (db: Db, linkId: string, messageEventId: string) =>
  db.update(paymentLinks).set({ messageEventId }).where(eq(paymentLinks.id, linkId));

export const listLeadPaymentLinks = (db: Db, leadId: string, limit = 20) =>
  db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.leadId, leadId))
    .orderBy(desc(paymentLinks.createdAt))
    .limit(limit);

export const findPaymentLink = async (db: Db, linkId: string) =>
  (await db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId)))[0];

/** The link, locked until the transaction ends: payments and expiry of one link take turns. */
export const lockPaymentLink = async (db: Db, linkId: string) =>
  (await db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId)).for('update'))[0];

/** Who pays, to whom, for which property: what the payer's page names. */
export const findPaymentLinkParties = async (db: Db, link: PaymentLinkRow) =>
  (
    await db
      .select({ lead: leads, property: properties, company: companies })
      .from(leads)
      .innerJoin(properties, eq(properties.id, leads.propertyId))
      .innerJoin(companies, eq(companies.id, leads.companyId))
      .where(and(eq(leads.id, link.leadId), eq(leads.companyId, link.companyId)))
  )[0];

/** Marks the link opened, once: true only for the call that did it. */
export const markPaymentLinkOpened = async (db: Db, linkId: string, at: Date) =>
  (
    await db
      .update(paymentLinks)
      .set({ openedAt: at })
      .where(
        and(
          eq(paymentLinks.id, linkId),
          eq(paymentLinks.status, 'ACTIVE'),
          isNull(paymentLinks.openedAt),
        ),
      )
      .returning({ id: paymentLinks.id })
  ).length > 0;

/** Expires the link if it is still unpaid and its time has come; the row when this call did it. */
export const expirePaymentLinkRow = async (db: Db, linkId: string, now: Date) =>
  (
    await db
      .update(paymentLinks)
      .set({ status: 'EXPIRED' })
      .where(
        and(
          eq(paymentLinks.id, linkId),
          eq(paymentLinks.status, 'ACTIVE'),
          lte(paymentLinks.expiresAt, now),
        ),
      )
      .returning()
  )[0];

/** Links whose time has passed but which are still ACTIVE (a missed expiry job, a restart). */
export const findOverdueActiveLinks = (db: Db, now: Date, limit = 100) =>
  db
    .select({ id: paymentLinks.id })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.status, 'ACTIVE'), lte(paymentLinks.expiresAt, now)))
    .limit(limit);

export const markPaymentLinkPaid = (
  db: Db,
  linkId: string,
  payment: Pick<
    PaymentLinkRow,
    'provider' | 'providerPaymentId' | 'cardBrand' | 'cardLast4' | 'paidAt'
  >,
) =>
  db
    .update(paymentLinks)
    .set({ ...payment, status: 'PAID' })
    .where(eq(paymentLinks.id, linkId));

/** A Checkout Session about to be asked of Stripe: its expiry, no id or URL yet. */
export const reserveStripeSession = (db: Db, linkId: string, expiresAt: Date) =>
  db
    .update(paymentLinks)
    .set({ stripeSessionId: null, stripeSessionUrl: null, stripeSessionExpiresAt: expiresAt })
    .where(eq(paymentLinks.id, linkId));

export const saveStripeSession = (
  db: Db,
  linkId: string,
  session: { id: string; url: string; expiresAt: Date },
) =>
  db
    .update(paymentLinks)
    .set({
      stripeSessionId: session.id,
      stripeSessionUrl: session.url,
      stripeSessionExpiresAt: session.expiresAt,
    })
    .where(eq(paymentLinks.id, linkId));

export const findPaymentAttempt = async (
  db: Db,
  provider: 'sandbox' | 'stripe',
  externalId: string,
) =>
  (
    await db
      .select()
      .from(paymentAttempts)
      .where(
        and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.externalId, externalId)),
      )
  )[0];

/** Records an attempt unless its provider id was seen before: false for a replay. */
export const insertPaymentAttempt = async (
  db: Db,
  values: typeof paymentAttempts.$inferInsert,
): Promise<boolean> =>
  (
    await db
      .insert(paymentAttempts)
      .values(values)
      .onConflictDoNothing({ target: [paymentAttempts.provider, paymentAttempts.externalId] })
      .returning({ id: paymentAttempts.id })
  ).length > 0;

/**
 * The newest MOVED_TO_DEBT of a lead with an amount, and the payments made since (PAYMENT events
 * that are payments: not a link's sent, opened or expired moments).
 */
export const findDebtAndLaterPayments = async (db: Db, leadId: string) => {
  const [debt] = await db
    .select()
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.leadId, leadId),
        eq(conversationEvents.eventType, 'MOVED_TO_DEBT'),
        sql`${conversationEvents.data} ? 'amount'`,
      ),
    )
    .orderBy(desc(conversationEvents.date))
    .limit(1);
  if (!debt) return undefined;
  const payments = await db
    .select({ data: conversationEvents.data })
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.leadId, leadId),
        eq(conversationEvents.eventType, 'PAYMENT'),
        gt(conversationEvents.date, debt.date),
        sql`coalesce(${conversationEvents.data} #>> '{paymentLink,stage}', 'PAID') = 'PAID'`,
      ),
    );
  return { debt, payments };
};
