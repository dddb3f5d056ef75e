import { A2P_UNREGISTERED_ERROR_CODE } from '@leasing/contract';
import { and, eq, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SendingStatus } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import {
  conversationEvents,
  earlyProviderStatuses,
  leads,
  properties,
  type ConversationEventRow,
} from '../../db/schema/index.js';
import {
  failureDataFor,
  OPTED_OUT_ERROR_CODE,
  providerStatusRank,
  sendingStatusFor,
} from './provider-status.js';
import { recordConsentChange } from '../consent/consent.service.js';

/**
 * The carrier refused a text because the number opted out with it (Twilio 21610): the lead is
 * opted out here too, and the consent record says the carrier told us.
 */
const optOutByCarrier = async (db: Db, event: ConversationEventRow) => {
  const [lead] = await db
    .update(leads)
    .set({ phoneOptStatus: 'OPT_OUT' })
    .where(and(eq(leads.id, event.leadId), ne(leads.phoneOptStatus, 'OPT_OUT')))
    .returning();
  if (!lead) return;
  await recordConsentChange(db, {
    lead,
    channel: 'SMS',
    status: 'OPT_OUT',
    source: 'carrier',
    timelineEventId: event.id,
    actor: { kind: 'system' },
  });
};

export const findEventById = async (db: Db, id: string) =>
  (await db.select().from(conversationEvents).where(eq(conversationEvents.id, id)))[0];

export const findEventByProviderId = async (db: Db, providerMessageId: string) =>
  (
    await db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.providerMessageId, providerMessageId))
  )[0];

/**
 * Keeps the property's A2P 10DLC flag: set when a text of one of its leads fails with 30034 (the
 * number is not registered), cleared when one is delivered again.
 */
const noteA2pOutcome = async (
  db: Db,
  event: Pick<ConversationEventRow, 'leadId' | 'eventType'>,
  outcome: { failedWith?: string; delivered?: boolean },
) => {
  if (event.eventType !== 'SMS') return;
  const propertyOfLead = sql`(select ${leads.propertyId} from ${leads} where ${leads.id} = ${event.leadId})`;
  if (outcome.failedWith === A2P_UNREGISTERED_ERROR_CODE) {
    await db
      .update(properties)
      .set({ a2pUnregisteredAt: new Date() })
      .where(eq(properties.id, propertyOfLead));
  } else if (outcome.delivered) {
    await db
      .update(properties)
      .set({ a2pUnregisteredAt: null })
      .where(and(eq(properties.id, propertyOfLead), isNotNull(properties.a2pUnregisteredAt)));
  }
};

/** Sets fields only if the event is still in the state we read (optimistic concurrency). */
const updateIfUnchanged = async (
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

export const markInProgress = async (db: Db, eventId: string) => {
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

/** Back to the queue before the provider saw it (its number was booked). */
export const markPending = async (db: Db, eventId: string) => {
  await db
    .update(conversationEvents)
    .set({ sendingStatus: 'PENDING' })
    .where(
      and(
        eq(conversationEvents.id, eventId),
        eq(conversationEvents.sendingStatus, 'IN_PROGRESS'),
        isNull(conversationEvents.providerStatus),
      ),
    );
};

/** `failure` is `failureDataFor`'s answer (reason, what to do, code), or a reason of our own. */
export const markFailed = async (
  db: Db,
  event: ConversationEventRow,
  failure: string | ReturnType<typeof failureDataFor>,
  errorCode?: string,
) => {
  const words = typeof failure === 'string' ? { failureReason: failure } : failure;
  const [row] = await db
    .update(conversationEvents)
    .set({
      sendingStatus: 'FAILED',
      providerErrorCode: errorCode ?? null,
      data: { ...event.data, ...words },
    })
    .where(eq(conversationEvents.id, event.id))
    .returning();
  if (errorCode === OPTED_OUT_ERROR_CODE) await optOutByCarrier(db, event);
  await noteA2pOutcome(db, event, { failedWith: errorCode });
  return row;
};

/** Records that the provider took the message: its id, its first state. */
/**
 * Serializes the two writers of one provider message: recording the provider's answer (its SID)
 * and a status callback for that SID. Whichever comes second sees the other's committed row, so a
 * callback that beats the answer is kept as an early status, never dropped.
 */
const lockProviderMessage = (db: Db, providerMessageId: string) =>
  db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`provider-message:${providerMessageId}`}, 0))`,
  );

/** Call inside a transaction: the lock is held until it commits. */
export const recordAccepted = async (
  db: Db,
  event: ConversationEventRow,
  providerMessageId: string,
  providerStatus: string,
  sendingStatus: SendingStatus,
) => {
  await lockProviderMessage(db, providerMessageId);
  const [row] = await db
    .update(conversationEvents)
    .set({ providerMessageId, providerStatus, sendingStatus })
    .where(eq(conversationEvents.id, event.id))
    .returning();
  return row;
};

/** Early statuses live a day at most: a callback for a message that is not ours is not kept. */
const EARLY_STATUS_TTL = sql`now() - interval '1 day'`;

/**
 * Takes the status callbacks that arrived before `recordAccepted` wrote their SID (oldest first).
 * Apply each with `applyProviderStatus`; its rank check keeps the newest state whatever the order.
 */
export const takeEarlyStatuses = (db: Db, providerMessageId: string) =>
  db
    .delete(earlyProviderStatuses)
    .where(eq(earlyProviderStatuses.providerMessageId, providerMessageId))
    .returning()
    .then((rows) => rows.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime()));

/**
 * Applies a provider status report (Twilio's callback, or the sandbox's). Answers the updated event,
 * or undefined when the report is unknown or older than what is recorded.
 */
export const applyProviderStatus = async (
  db: Db,
  providerMessageId: string,
  providerStatus: string,
  errorCode: string | undefined,
): Promise<ConversationEventRow | undefined> => {
  await lockProviderMessage(db, providerMessageId);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const event = await findEventByProviderId(db, providerMessageId);
    if (!event) {
      await db
        .insert(earlyProviderStatuses)
        .values({ providerMessageId, providerStatus, errorCode })
        .onConflictDoNothing();
      await db
        .delete(earlyProviderStatuses)
        .where(lt(earlyProviderStatuses.receivedAt, EARLY_STATUS_TTL));
      return undefined;
    }
    if (providerStatusRank(providerStatus) <= providerStatusRank(event.providerStatus))
      return undefined;
    const sendingStatus = sendingStatusFor(providerStatus);
    const failed = sendingStatus === 'FAILED';
    const updated = await updateIfUnchanged(db, event, {
      providerStatus,
      sendingStatus,
      providerErrorCode: errorCode ?? event.providerErrorCode,
      data: failed
        ? {
            ...event.data,
            ...failureDataFor(errorCode, `The carrier reported the message ${providerStatus}`),
          }
        : event.data,
    });
    if (updated) {
      if (failed && errorCode === OPTED_OUT_ERROR_CODE) await optOutByCarrier(db, event);
      await noteA2pOutcome(db, event, {
        failedWith: failed ? errorCode : undefined,
        delivered: providerStatus === 'delivered',
      });
      return updated;
    }
  }
  return undefined;
};
