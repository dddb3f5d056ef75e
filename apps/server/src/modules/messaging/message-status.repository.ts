import { A2P_UNREGISTERED_ERROR_CODE } from '@leasing/contract';
import { eq, lt, sql } from 'drizzle-orm';
import type { SendingStatus } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { lockForTransaction } from '../../lib/transaction-lock.js';
import {
  conversationEvents,
  earlyProviderStatuses,
  type ConversationEventRow,
} from '../../db/schema/index.js';
import type { EventPort } from '../../events/event-port.js';
import { writeMessageStatus } from './message-events.js';
import {
  failureDataFor,
  isKnownProviderStatus,
  OPTED_OUT_ERROR_CODE,
  providerStatusRank,
  sendingStatusFor,
} from './provider-status.js';
import { clearA2pUnregistered, flagA2pUnregistered } from '../company/index.js';
import { optOutByCarrier } from '../lead/index.js';
import {
  recordMessageAccepted,
  recordMessageFailed,
  recordProviderStatusIfUnchanged,
} from '../conversation/index.js';

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
  if (outcome.failedWith === A2P_UNREGISTERED_ERROR_CODE) {
    await flagA2pUnregistered(db, event.leadId);
  } else if (outcome.delivered) {
    await clearA2pUnregistered(db, event.leadId);
  }
};

/** `failure` is `failureDataFor`'s answer (reason, what to do, code), or a reason of our own. */
export const markFailed = async (
  db: Db,
  event: ConversationEventRow,
  failure: string | ReturnType<typeof failureDataFor>,
  errorCode?: string,
) => {
  const words = typeof failure === 'string' ? { failureReason: failure } : failure;
  const row = await recordMessageFailed(db, event.id, {
    providerErrorCode: errorCode ?? null,
    data: { ...event.data, ...words },
  });
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
  lockForTransaction(db, `provider-message:${providerMessageId}`);

/** Call inside a transaction: the lock is held until it commits. */
export const recordAccepted = async (
  db: Db,
  event: ConversationEventRow,
  providerMessageId: string,
  providerStatus: string,
  sendingStatus: SendingStatus,
) => {
  await lockProviderMessage(db, providerMessageId);
  return recordMessageAccepted(db, event.id, { providerMessageId, providerStatus, sendingStatus });
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
    const updated = await recordProviderStatusIfUnchanged(db, event, {
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

/**
 * A provider's report on a text it took (a status callback, or the answer to asking it): applied
 * through the one status path, later states only, and published. Unknown statuses change nothing.
 * Answers the updated row, if the report moved it.
 */
export const reportProviderStatus = async (
  events: EventPort,
  report: { providerMessageId: string; status: string; errorCode: string | undefined },
): Promise<ConversationEventRow | undefined> => {
  if (!isKnownProviderStatus(report.status)) return undefined;
  return writeMessageStatus(events, (db) =>
    applyProviderStatus(db, report.providerMessageId, report.status, report.errorCode),
  );
};
