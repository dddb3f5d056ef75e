import { and, desc, eq } from 'drizzle-orm';
import type { PageQuery, UnmatchedMessage, UnmatchedMessagePage } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { unmatchedMessages, type UnmatchedMessageRow } from '../../db/schema/index.js';
import { decodeCursor, olderThan, toPage } from '../../lib/cursor.js';

const toUnmatchedMessage = (row: UnmatchedMessageRow): UnmatchedMessage => ({
  _id: row.id,
  channel: row.channel,
  from: row.fromAddress,
  to: row.toAddress,
  subject: row.subject,
  body: row.body,
  attachmentsUrls: row.attachments,
  reason: row.reason,
  receivedAt: row.receivedAt.toISOString(),
});

/**
 * The company's unmatched messages, newest first: texts to its numbers and mail to its address
 * nobody could be chosen for. Never another company's, and never those to a number nobody owns.
 */
export const listUnmatchedMessages = async (
  db: Db,
  companyId: string,
  page: PageQuery,
): Promise<UnmatchedMessagePage> => {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const visible = eq(unmatchedMessages.companyId, companyId);
  const rows = await db
    .select()
    .from(unmatchedMessages)
    .where(and(visible, olderThan(unmatchedMessages.receivedAt, unmatchedMessages.id, after)))
    .orderBy(desc(unmatchedMessages.receivedAt), desc(unmatchedMessages.id))
    .limit(page.limit + 1);
  return toPage(
    rows,
    page.limit,
    (row) => ({ date: row.receivedAt, id: row.id }),
    toUnmatchedMessage,
  );
};
