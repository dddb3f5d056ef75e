import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  conversationEvents,
  type ConversationEventRow,
  type NewConversationEventRow,
} from '../../db/schema/index.js';

/*
 * The timeline's writes. `conversation_events` is written here and nowhere else: the other modules
 * call these, in their own transaction (each takes the caller's `db`).
 */

/** Appends one event to a lead's timeline and answers the stored row. */
export const appendTimelineEvent = async (db: Db, values: NewConversationEventRow) => {
  const [row] = await db.insert(conversationEvents).values(values).returning();
  if (!row) throw new Error('timeline event not inserted');
  return row;
};

/** Appends several events at once (in one statement) and answers the stored rows. */
export const appendTimelineEvents = (db: Db, rows: NewConversationEventRow[]) =>
  db.insert(conversationEvents).values(rows).returning();

/**
 * Appends the event unless the company already has one with its external id; undefined then. A
 * concurrent append of the same id waits for the first to commit and then inserts nothing.
 */
export const appendTimelineEventOnce = async (
  db: Db,
  values: NewConversationEventRow & { externalId: string },
) =>
  (
    await db
      .insert(conversationEvents)
      .values(values)
      .onConflictDoNothing({
        target: [conversationEvents.companyId, conversationEvents.externalId],
        where: isNotNull(conversationEvents.externalId),
      })
      .returning()
  )[0];

/**
 * Dates the event by the clock (`clock_timestamp()`), not the transaction's start: an automatic
 * reply stored in the transaction of the message it answers shows after that message.
 */
export const dateEventByClock = async (db: Db, eventId: string) =>
  (
    await db
      .update(conversationEvents)
      .set({ date: sql`clock_timestamp()` })
      .where(eq(conversationEvents.id, eventId))
      .returning()
  )[0];

/**
 * Replaces an event's `data` with what its writer knows now (a call's outcome, its recording);
 * answers the stored row. The caller holds the lock that orders these writes.
 */
export const replaceEventData = async (
  db: Db,
  eventId: string,
  data: ConversationEventRow['data'],
) =>
  (
    await db
      .update(conversationEvents)
      .set({ data })
      .where(eq(conversationEvents.id, eventId))
      .returning()
  )[0];

/** A message's images and files once they landed (the caller holds the row's lock). */
export const setEventFiles = async (
  db: Db,
  eventId: string,
  files: Pick<ConversationEventRow, 'attachments' | 'data'>,
) => {
  await db.update(conversationEvents).set(files).where(eq(conversationEvents.id, eventId));
};

/** A person's decision on a text flagged as a possible opt-out, kept on the flagged event. */
export const decideOptOutReview = async (
  db: Db,
  flagged: ConversationEventRow,
  review: NonNullable<ConversationEventRow['data']['optOutReview']>,
) =>
  (
    await db
      .update(conversationEvents)
      .set({ data: { ...flagged.data, optOutReview: review } })
      .where(eq(conversationEvents.id, flagged.id))
      .returning()
  )[0];

/** The lead's email whose sender failed verification and that nobody confirmed yet, or did. */
const heldEmail = (target: { eventId: string; leadId: string }) =>
  and(
    eq(conversationEvents.id, target.eventId),
    eq(conversationEvents.leadId, target.leadId),
    eq(conversationEvents.eventType, 'EMAIL'),
    eq(conversationEvents.senderType, 'LEAD'),
    sql`${conversationEvents.data} ->> 'senderVerified' = 'false'`,
  );

/**
 * 'Confirm sender' on a held email: only the first confirmation matches (the row lock makes a
 * concurrent one wait and miss); undefined for the others.
 */
export const confirmHeldEmailSender = async (
  db: Db,
  target: { eventId: string; leadId: string },
  confirmed: { byUserName: string; at: string },
) =>
  (
    await db
      .update(conversationEvents)
      .set({
        data: sql`${conversationEvents.data} || ${JSON.stringify({ senderConfirmed: confirmed })}::jsonb`,
      })
      .where(and(heldEmail(target), sql`not ${conversationEvents.data} ? 'senderConfirmed'`))
      .returning()
  )[0];

/** The held email as it is now (confirmed or not). */
export const findHeldEmail = async (db: Db, target: { eventId: string; leadId: string }) =>
  (await db.select().from(conversationEvents).where(heldEmail(target)))[0];
