import type { ConversationEvent, ConversationPage } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { ConversationEventRow } from '../../db/schema/index.js';
import { toPage, type KeysetCursor } from '../../lib/cursor.js';
import { listConversationEventRows } from './conversation-events.repository.js';

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

/** Newest first, keyset on (date, id): stable while new events arrive at the top. */
export const listConversationEvents = async (
  db: Db,
  leadId: string,
  limit: number,
  before?: KeysetCursor,
): Promise<ConversationPage> =>
  toPage(
    await listConversationEventRows(db, leadId, limit, before),
    limit,
    (row) => ({ date: row.date, id: row.id }),
    toConversationEventDto,
  );
