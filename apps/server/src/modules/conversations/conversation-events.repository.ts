import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { conversationEvents } from '../../db/schema/index.js';
import type { KeysetCursor } from '../../lib/cursor.js';

const e = conversationEvents;

// The timeline's pages are the console's hottest read: both shapes are prepared once.
const newestPage = preparedQuery((db) =>
  db
    .select()
    .from(e)
    .where(eq(e.leadId, sql.placeholder('leadId')))
    .orderBy(desc(e.date), desc(e.id))
    .limit(sql.placeholder('limit'))
    .prepare('conversation_page_newest'),
);

const olderPage = preparedQuery((db) =>
  db
    .select()
    .from(e)
    .where(
      and(
        eq(e.leadId, sql.placeholder('leadId')),
        or(
          lt(e.date, sql.placeholder('date')),
          and(eq(e.date, sql.placeholder('date')), lt(e.id, sql.placeholder('id'))),
        ),
      ),
    )
    .orderBy(desc(e.date), desc(e.id))
    .limit(sql.placeholder('limit'))
    .prepare('conversation_page_older'),
);

/** Newest first, keyset on (date, id), one row more than asked (it tells if a next page exists). */
export const listConversationEventRows = (
  db: Db,
  leadId: string,
  limit: number,
  before?: KeysetCursor,
) =>
  before
    ? olderPage(db).execute({ leadId, limit: limit + 1, date: before.date, id: before.id })
    : newestPage(db).execute({ leadId, limit: limit + 1 });
