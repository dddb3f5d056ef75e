import { and, desc, eq } from 'drizzle-orm';
import type { ConversationEvent } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { conversationEvents, type ConversationEventRow } from '../../db/schema/index.js';
import { olderThan, toPage, type KeysetCursor } from '../../lib/cursor.js';

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
});

/** Newest first, keyset on (date, id): stable while new events arrive at the top. */
export const listConversationEvents = async (
  db: Db,
  leadId: string,
  limit: number,
  before?: KeysetCursor,
) => {
  const rows = await db
    .select()
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.leadId, leadId),
        olderThan(conversationEvents.date, conversationEvents.id, before),
      ),
    )
    .orderBy(desc(conversationEvents.date), desc(conversationEvents.id))
    .limit(limit + 1);
  return toPage(rows, limit, (row) => ({ date: row.date, id: row.id }), toConversationEventDto);
};
