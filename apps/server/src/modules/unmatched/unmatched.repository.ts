import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { fileAttachmentSchema } from '@leasing/contract';
import type { UnmatchedListQuery, UnmatchedMessage, UnmatchedMessagePage } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import {
  leads,
  unmatchedMessages,
  type LeadRow,
  type NewUnmatchedMessageRow,
  type UnmatchedMessageRow,
} from '../../db/schema/index.js';
import { decodeCursor, olderThan, toPage } from '../../lib/cursor.js';

type Row = { message: UnmatchedMessageRow; lead: LeadRow | null };

export const toUnmatchedMessage = ({ message, lead }: Row): UnmatchedMessage => ({
  _id: message.id,
  channel: message.channel,
  from: message.fromAddress,
  to: message.toAddress,
  subject: message.subject,
  body: message.body,
  attachmentsUrls: message.attachments,
  files: fileAttachmentSchema
    .array()
    .catch([])
    .parse(message.data.otherAttachments ?? []),
  reason: message.reason,
  optedOut: message.data.optedOut === true,
  receivedAt: message.receivedAt.toISOString(),
  status: message.resolution ?? 'OPEN',
  resolvedAt: message.resolvedAt?.toISOString() ?? null,
  resolvedByName: message.resolvedByName,
  lead: lead
    ? { _id: lead.id, name: lead.name, propertyID: lead.propertyId, pmsLeadId: lead.pmsLeadId }
    : null,
});

/**
 * The company's unmatched messages, newest first: texts to its numbers and mail to its address
 * nobody could be chosen for, still open or already done. Never another company's, and never those
 * to a number nobody owns.
 */
export const listUnmatchedMessages = async (
  db: Db,
  companyId: string,
  query: UnmatchedListQuery & { limit: number },
): Promise<UnmatchedMessagePage> => {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db
    .select({ message: unmatchedMessages, lead: leads })
    .from(unmatchedMessages)
    .leftJoin(leads, eq(leads.id, unmatchedMessages.leadId))
    .where(
      and(
        eq(unmatchedMessages.companyId, companyId),
        query.status === 'done'
          ? isNotNull(unmatchedMessages.resolution)
          : isNull(unmatchedMessages.resolution),
        olderThan(unmatchedMessages.receivedAt, unmatchedMessages.id, after),
      ),
    )
    .orderBy(desc(unmatchedMessages.receivedAt), desc(unmatchedMessages.id))
    .limit(query.limit + 1);
  return toPage(
    rows,
    query.limit,
    (row) => ({ date: row.message.receivedAt, id: row.message.id }),
    toUnmatchedMessage,
  );
};

export const countOpenUnmatched = async (db: Db, companyId: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(unmatchedMessages)
    .where(and(eq(unmatchedMessages.companyId, companyId), isNull(unmatchedMessages.resolution)));
  return row?.n ?? 0;
};

/** The message, locked until the caller's transaction ends: two people never resolve it twice. */
export const lockUnmatched = async (db: Db, id: string) =>
  (await db.select().from(unmatchedMessages).where(eq(unmatchedMessages.id, id)).for('update'))[0];

export const markResolved = async (
  db: Db,
  id: string,
  values: Pick<
    UnmatchedMessageRow,
    'resolution' | 'resolvedAt' | 'resolvedByUserId' | 'resolvedByName' | 'leadId'
  >,
) =>
  (
    await db.update(unmatchedMessages).set(values).where(eq(unmatchedMessages.id, id)).returning()
  )[0]!;

/*
 * What the inbound channels keep here. `unmatched_messages` is written by this module only: the
 * SMS and email modules call these (exported from `index.ts`), in their own transaction.
 */

/** A message no lead could be chosen for (a text, an email), kept for the company's staff. */
export const insertUnmatchedMessage = async (db: Db, message: NewUnmatchedMessageRow) =>
  (await db.insert(unmatchedMessages).values(message).returning())[0]!;

/** A kept text's images and files once they landed (the caller holds the row's lock). */
export const setUnmatchedFiles = async (
  db: Db,
  id: string,
  files: Pick<UnmatchedMessageRow, 'attachments' | 'data'>,
) => {
  await db.update(unmatchedMessages).set(files).where(eq(unmatchedMessages.id, id));
};
