import { and, desc, eq } from 'drizzle-orm';
import type { OutboxEntry } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { conversationEvents, sandboxOutbox, type SandboxOutboxRow } from '../../db/schema/index.js';
import { decodeCursor, olderThan, toPage } from '../../lib/cursor.js';

const toOutboxEntry = ({
  row,
  leadId,
}: {
  row: SandboxOutboxRow;
  leadId: string | null;
}): OutboxEntry => ({
  _id: row.id,
  eventID: row.eventId,
  leadID: leadId,
  channel: row.channel,
  from: row.from,
  to: row.to,
  subject: row.subject,
  body: row.body,
  mediaUrls: row.mediaUrls,
  createdAt: row.createdAt.toISOString(),
});

/** What the sandbox providers "sent" for the company, newest first. */
export const listOutbox = async (
  db: Db,
  companyId: string,
  page: { cursor?: string; limit: number },
) => {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const rows = await db
    .select({ row: sandboxOutbox, leadId: conversationEvents.leadId })
    .from(sandboxOutbox)
    .leftJoin(conversationEvents, eq(conversationEvents.id, sandboxOutbox.eventId))
    .where(
      and(
        eq(sandboxOutbox.companyId, companyId),
        olderThan(sandboxOutbox.createdAt, sandboxOutbox.id, after),
      ),
    )
    .orderBy(desc(sandboxOutbox.createdAt), desc(sandboxOutbox.id))
    .limit(page.limit + 1);
  return toPage(
    rows,
    page.limit,
    ({ row }) => ({ date: row.createdAt, id: row.id }),
    toOutboxEntry,
  );
};
