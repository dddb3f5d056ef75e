import type {
  ConversationEvent,
  ConversationPage,
  ConversationSearchPage,
  ConversationWindow,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { ConversationEventRow } from '../../db/schema/index.js';
import { encodeCursor, toPage, type KeysetCursor } from '../../lib/cursor.js';
import { listConversationEventRows } from './conversation-events.repository.js';
import {
  countConversationSearchMatches,
  listConversationEventRowsBefore,
  listConversationEventRowsFrom,
  listNewerConversationEventRows,
  searchConversationEventRows,
} from './conversation-history.repository.js';
import { searchSnippet } from './search-snippet.js';

export const toConversationEventDto = (row: ConversationEventRow): ConversationEvent => ({
  _id: row.id,
  leadID: row.leadId,
  eventType: row.eventType,
  date: row.date.toISOString(),
  body: row.body,
  senderName: row.senderName,
  senderType: row.senderType,
  iconURL: row.iconUrl,
  subject: row.subject,
  sendingStatus: row.sendingStatus,
  attachmentsUrls: row.attachments,
  data: row.data,
  eventByUserName: row.eventByUserName,
  scheduledAt: row.scheduledAt?.toISOString() ?? null,
});

/**
 * Newest first, keyset on (date, id): stable while new events arrive at the top. Empty unless the
 * lead is the company's.
 */
export const listConversationEvents = async (
  db: Db,
  lead: { companyId: string; leadId: string },
  limit: number,
  before?: KeysetCursor,
): Promise<ConversationPage> =>
  toPage(
    await listConversationEventRows(db, lead, limit, before),
    limit,
    (row) => ({ date: row.date, id: row.id }),
    toConversationEventDto,
  );

const keyOf = (row: { date: Date; id: string }): KeysetCursor => ({ date: row.date, id: row.id });

/**
 * The events after the cursor, towards the newest: the page is still newest first, and its
 * `nextCursor` (the newest event's) goes on in the same direction.
 */
export const listNewerConversationEvents = async (
  db: Db,
  leadId: string,
  limit: number,
  after: KeysetCursor,
): Promise<ConversationPage> => {
  const rows = await listNewerConversationEventRows(db, leadId, limit, after);
  const items = rows.slice(0, limit);
  const newest = items.at(-1);
  return {
    items: items.reverse().map(toConversationEventDto),
    nextCursor: rows.length > limit && newest ? encodeCursor(keyOf(newest)) : null,
  };
};

/**
 * The events around `moment`, newest first: up to half the limit at or after it, and before it
 * the rest of the limit (more of them when few events follow the moment), with a cursor each way.
 */
export const getConversationWindow = async (
  db: Db,
  leadId: string,
  moment: Date,
  limit: number,
): Promise<ConversationWindow> => {
  const newerLimit = Math.ceil(limit / 2);
  const newerRows = await listConversationEventRowsFrom(db, leadId, moment, newerLimit);
  const newer = newerRows.slice(0, newerLimit);
  const olderLimit = limit - newer.length;
  const olderRows = await listConversationEventRowsBefore(db, leadId, moment, olderLimit);
  const older = olderRows.slice(0, olderLimit);
  const newest = newer.at(-1);
  const oldest = older.at(-1) ?? newer[0];
  return {
    items: [...newer.reverse(), ...older].map(toConversationEventDto),
    olderCursor: olderRows.length > olderLimit && oldest ? encodeCursor(keyOf(oldest)) : null,
    newerCursor: newerRows.length > newerLimit && newest ? encodeCursor(keyOf(newest)) : null,
  };
};

/**
 * The lead's events whose text contains `words`, newest first. The first page (no cursor) also
 * says how many there are; later pages do not count them again (the reader has the total).
 */
export const searchConversation = async (
  db: Db,
  lead: { companyId: string; leadId: string },
  words: string,
  limit: number,
  before?: KeysetCursor,
): Promise<ConversationSearchPage> => {
  const [rows, total] = await Promise.all([
    searchConversationEventRows(db, lead, words, limit, before),
    before ? undefined : countConversationSearchMatches(db, lead, words),
  ]);
  const page = toPage(rows, limit, keyOf, (row) => ({
    eventId: row.id,
    date: row.date.toISOString(),
    snippet: searchSnippet(row, words),
  }));
  return total === undefined ? page : { ...page, total };
};
