import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversationEvents } from '../../db/schema/index.js';
import { olderThan, type KeysetCursor } from '../../lib/cursor.js';

/** Newest first, keyset on (date, id), one row more than asked (it tells if a next page exists). */
export const listConversationEventRows = (
  db: Db,
  leadId: string,
  limit: number,
  before?: KeysetCursor,
) =>
  db
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
