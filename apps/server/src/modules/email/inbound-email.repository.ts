import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockForTransaction } from '../../lib/transaction-lock.js';
import {
  conversationEvents,
  inboundRateCounters,
  leads,
  unmatchedMessages,
  type ConversationEventRow,
} from '../../db/schema/index.js';

/**
 * Serializes, until the transaction ends, everyone who takes the same key: two deliveries of one
 * message (a retrying relay, SMTP and the webhook at once) then see each other's work.
 */
export const lockKey = lockForTransaction;

export type Delivery = { eventID: string } | { unmatchedID: string };

/** What an earlier delivery of this message became, if it arrived before. */
export const findDelivery = async (
  db: Db,
  companyId: string,
  messageId: string,
  dedupeKey: string,
): Promise<Delivery | undefined> => {
  const [event] = await db
    .select({ id: conversationEvents.id })
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.companyId, companyId),
        eq(conversationEvents.providerMessageId, messageId),
      ),
    );
  if (event) return { eventID: event.id };
  const [unmatched] = await db
    .select({ id: unmatchedMessages.id })
    .from(unmatchedMessages)
    .where(eq(unmatchedMessages.dedupeKey, dedupeKey));
  return unmatched ? { unmatchedID: unmatched.id } : undefined;
};

/**
 * The company's email event with one of these Message-IDs, earlier ids in the list first. Only this
 * company's events are searched: a Message-ID is chosen by whoever writes the mail, so one naming
 * another company's message must not reach that company's lead.
 */
export const findEventByMessageIds = async (
  db: Db,
  companyId: string,
  ids: string[],
  options: { outgoingOnly: boolean },
): Promise<ConversationEventRow | undefined> => {
  if (ids.length === 0) return undefined;
  const rows = await db
    .select()
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.companyId, companyId),
        eq(conversationEvents.eventType, 'EMAIL'),
        inArray(conversationEvents.providerMessageId, ids),
        options.outgoingOnly ? ne(conversationEvents.senderType, 'LEAD') : undefined,
      ),
    );
  const rank = (row: ConversationEventRow) => ids.indexOf(row.providerMessageId ?? '');
  return rows.sort((a, b) => rank(a) - rank(b))[0];
};

/** The company's lead with this email address; of several, the most recently active. */
export const findLeadByEmail = async (db: Db, companyId: string, address: string) =>
  (
    await db
      .select()
      .from(leads)
      .where(and(eq(leads.companyId, companyId), sql`lower(${leads.email}) = ${address}`))
      .orderBy(desc(leads.lastActivityAt), desc(leads.id))
      .limit(1)
  )[0];

export const findLeadById = async (db: Db, id: string) =>
  (await db.select().from(leads).where(eq(leads.id, id)))[0];

/** Holds the outgoing event while a bounce rewrites its status, so no concurrent update is lost. */
export const lockEvent = async (db: Db, id: string) =>
  (
    await db.select().from(conversationEvents).where(eq(conversationEvents.id, id)).for('update')
  )[0];

/** An email's pending thumbnails, read before any is made (no lock: making them takes long). */
export const findPendingThumbnails = async (db: Db, id: string) =>
  (
    await db
      .select({ data: conversationEvents.data })
      .from(conversationEvents)
      .where(eq(conversationEvents.id, id))
  )[0]?.data.pendingThumbnails;

/** Counts one more message for `key` in the hour that holds `at`; answers the hour's count so far. */
export const countInboundMessage = async (db: Db, key: string, at: Date) => {
  const hourStart = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
  const [row] = await db
    .insert(inboundRateCounters)
    .values({ key, hourStart, count: 1 })
    .onConflictDoUpdate({
      target: [inboundRateCounters.key, inboundRateCounters.hourStart],
      set: { count: sql`${inboundRateCounters.count} + 1`, updatedAt: at },
    })
    .returning({ count: inboundRateCounters.count });
  return row!.count;
};
