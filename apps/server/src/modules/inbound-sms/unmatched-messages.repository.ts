import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { PageQuery, UnmatchedMessage, UnmatchedMessagePage } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { properties, unmatchedMessages, type UnmatchedMessageRow } from '../../db/schema/index.js';
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

/** A company with a property on the shared number may be the one a stranger's text was for. */
const sharesTheNumber = async (db: Db, companyId: string) =>
  (
    await db
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.companyId, companyId), isNull(properties.smsNumber)))
      .limit(1)
  ).length > 0;

/**
 * The company's unmatched messages, newest first, plus the texts to the shared number nobody
 * could be chosen for when the company sends from that number too.
 */
export const listUnmatchedMessages = async (
  db: Db,
  companyId: string,
  page: PageQuery,
): Promise<UnmatchedMessagePage> => {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const own = eq(unmatchedMessages.companyId, companyId);
  const visible = (await sharesTheNumber(db, companyId))
    ? or(own, and(isNull(unmatchedMessages.companyId), eq(unmatchedMessages.channel, 'SMS')))
    : own;
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
