import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SendingStatus } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { conversationEvents, type ConversationEventRow } from '../../db/schema/index.js';

/*
 * An outgoing message's way out, as its timeline event records it: scheduled, released, sent,
 * accepted by the provider, failed. Messaging decides; these write it, in the caller's transaction.
 * Each keeps the condition that makes it safe against a concurrent writer of the same row.
 */

/** Queued to leave: only the send gate (messaging's `send-gate.ts`) puts a message there. */
type QueuedStatus = Extract<SendingStatus, 'PENDING'>;
type WaitingStatus = Extract<SendingStatus, 'SCHEDULED'>;

/** The send job took the message (a retried job takes it again). */
export const markMessageInProgress = async (db: Db, eventId: string) => {
  await db
    .update(conversationEvents)
    .set({ sendingStatus: 'IN_PROGRESS' })
    .where(
      and(
        eq(conversationEvents.id, eventId),
        or(
          eq(conversationEvents.sendingStatus, 'PENDING'),
          eq(conversationEvents.sendingStatus, 'IN_PROGRESS'),
        ),
      ),
    );
};

/**
 * Hands a message the provider has not seen back (IN_PROGRESS, no provider status yet) to the
 * state the send gate names: PENDING (its number's slots were booked), or SCHEDULED again at
 * `scheduledAt` (an unattended text whose send window closed meanwhile). The gate alone queues a
 * message to leave. Answers the row, or undefined when it had moved on.
 */
export const handBackUnsentMessage = async (
  db: Db,
  eventId: string,
  state: { sendingStatus: QueuedStatus } | { sendingStatus: WaitingStatus; scheduledAt: Date },
) =>
  (
    await db
      .update(conversationEvents)
      .set(state)
      .where(
        and(
          eq(conversationEvents.id, eventId),
          eq(conversationEvents.sendingStatus, 'IN_PROGRESS'),
          isNull(conversationEvents.providerStatus),
        ),
      )
      .returning()
  )[0];

/** The message failed: its error code (or null) and its data with the failure's words. */
export const recordMessageFailed = async (
  db: Db,
  eventId: string,
  failure: { providerErrorCode: string | null; data: ConversationEventRow['data'] },
) =>
  (
    await db
      .update(conversationEvents)
      .set({
        sendingStatus: 'FAILED',
        providerErrorCode: failure.providerErrorCode,
        data: failure.data,
      })
      .where(eq(conversationEvents.id, eventId))
      .returning()
  )[0];

/**
 * The provider took the message: its id, its first state. The caller holds the provider message's
 * lock, so a status callback for that id waits for this to commit.
 */
export const recordMessageAccepted = async (
  db: Db,
  eventId: string,
  accepted: { providerMessageId: string; providerStatus: string; sendingStatus: SendingStatus },
) => {
  const { providerMessageId, providerStatus, sendingStatus } = accepted;
  return (
    await db
      .update(conversationEvents)
      .set({ providerMessageId, providerStatus, sendingStatus })
      .where(eq(conversationEvents.id, eventId))
      .returning()
  )[0];
};

/**
 * A provider's status report, written only if the event is still in the provider state it was
 * read in (optimistic concurrency); undefined when another report got there first.
 */
export const recordProviderStatusIfUnchanged = async (
  db: Db,
  event: ConversationEventRow,
  set: Partial<typeof conversationEvents.$inferInsert>,
) => {
  const sameStatus: SQL | undefined =
    event.providerStatus === null
      ? isNull(conversationEvents.providerStatus)
      : eq(conversationEvents.providerStatus, event.providerStatus);
  const rows = await db
    .update(conversationEvents)
    .set(set)
    .where(and(eq(conversationEvents.id, event.id), sameStatus))
    .returning();
  return rows[0];
};

/** The failed message points to its retry; undefined if it is gone. */
export const linkMessageRetry = async (
  db: Db,
  failed: ConversationEventRow,
  retryEventId: string,
) =>
  (
    await db
      .update(conversationEvents)
      .set({ data: { ...failed.data, retriedBy: retryEventId } })
      .where(eq(conversationEvents.id, failed.id))
      .returning()
  )[0];

/**
 * A SCHEDULED message leaves its schedule for the state the send gate names, dated now: the one
 * claim of a release (of two processes, or a release and 'Send now', only one gets the row back).
 */
export const releaseScheduledMessage = async (
  db: Db,
  eventId: string,
  release: { sendingStatus: QueuedStatus; date: Date; data: ConversationEventRow['data'] },
) =>
  (
    await db
      .update(conversationEvents)
      .set(release)
      .where(
        and(eq(conversationEvents.id, eventId), eq(conversationEvents.sendingStatus, 'SCHEDULED')),
      )
      .returning()
  )[0];

/** Changes a SCHEDULED row only if it is still SCHEDULED: a release or a cancel may have won. */
export const updateScheduledMessage = async (
  db: Db,
  eventId: string,
  set: Partial<typeof conversationEvents.$inferInsert>,
) =>
  (
    await db
      .update(conversationEvents)
      .set(set)
      .where(
        and(eq(conversationEvents.id, eventId), eq(conversationEvents.sendingStatus, 'SCHEDULED')),
      )
      .returning()
  )[0];

/**
 * Cancel-on-reply: the lead's messages scheduled before `repliedAt` (the reply's creation), and
 * not marked to go anyway, are CANCELED ('LEAD_REPLIED'); answers them.
 */
export const cancelScheduledBeforeReply = (db: Db, leadId: string, repliedAt: Date) =>
  db
    .update(conversationEvents)
    .set({
      sendingStatus: 'CANCELED',
      data: sql`${conversationEvents.data} || '{"canceledReason":"LEAD_REPLIED"}'::jsonb`,
    })
    .where(
      and(
        eq(conversationEvents.leadId, leadId),
        eq(conversationEvents.sendingStatus, 'SCHEDULED'),
        sql`${conversationEvents.scheduledAt} is not null`,
        sql`coalesce((${conversationEvents.data} ->> 'keepIfLeadReplies')::boolean, false) = false`,
        lt(conversationEvents.createdAt, repliedAt),
      ),
    )
    .returning();

/**
 * The lead's scheduled messages made for one thing (a tour's texts: `data.tourId`) that have not
 * left, CANCELED with `reason`; answers them.
 */
export const cancelScheduledMadeFor = (
  db: Db,
  leadId: string,
  made: { key: string; value: string },
  reason: 'TOUR_CHANGED',
) =>
  db
    .update(conversationEvents)
    .set({
      sendingStatus: 'CANCELED',
      data: sql`${conversationEvents.data} || ${JSON.stringify({ canceledReason: reason })}::jsonb`,
    })
    .where(
      and(
        eq(conversationEvents.leadId, leadId),
        eq(conversationEvents.sendingStatus, 'SCHEDULED'),
        sql`${conversationEvents.data} ->> ${made.key} = ${made.value}`,
      ),
    )
    .returning();

/**
 * A deactivated person's messages that have not left are CANCELED ('SENDER_DEACTIVATED', and who
 * deactivated them); answers them.
 */
export const cancelScheduledMessagesOfSender = (
  db: Db,
  companyId: string,
  userId: string,
  canceledByUserName: string,
) =>
  db
    .update(conversationEvents)
    .set({
      sendingStatus: 'CANCELED',
      data: sql`${conversationEvents.data} || ${JSON.stringify({
        canceledReason: 'SENDER_DEACTIVATED',
        canceledByUserName,
      })}::jsonb`,
    })
    .where(
      and(
        eq(conversationEvents.companyId, companyId),
        eq(conversationEvents.sentByUserId, userId),
        eq(conversationEvents.sendingStatus, 'SCHEDULED'),
      ),
    )
    .returning();
