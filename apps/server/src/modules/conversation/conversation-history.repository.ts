import { and, asc, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversationEvents } from '../../db/schema/index.js';
import { newerThan, olderThan, type KeysetCursor } from '../../lib/cursor.js';
import { containsPattern } from '../../lib/like-pattern.js';

// Every query here walks the (lead_id, date desc, id desc) index, forwards or backwards: no OFFSET.

/** Oldest first from the cursor on (towards the newest), one row more than asked. */
export const listNewerConversationEventRows = (
  db: Db,
  leadId: string,
  limit: number,
  after: KeysetCursor,
) =>
  db
    .select()
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.leadId, leadId),
        newerThan(conversationEvents.date, conversationEvents.id, after),
      ),
    )
    .orderBy(asc(conversationEvents.date), asc(conversationEvents.id))
    .limit(limit + 1);

/** The events at or after `moment`, oldest first, one row more than asked. */
export const listConversationEventRowsFrom = (
  db: Db,
  leadId: string,
  moment: Date,
  limit: number,
) =>
  db
    .select()
    .from(conversationEvents)
    .where(and(eq(conversationEvents.leadId, leadId), gte(conversationEvents.date, moment)))
    .orderBy(asc(conversationEvents.date), asc(conversationEvents.id))
    .limit(limit + 1);

/** The events before `moment`, newest first, one row more than asked. */
export const listConversationEventRowsBefore = (
  db: Db,
  leadId: string,
  moment: Date,
  limit: number,
) =>
  db
    .select()
    .from(conversationEvents)
    .where(and(eq(conversationEvents.leadId, leadId), lt(conversationEvents.date, moment)))
    .orderBy(desc(conversationEvents.date), desc(conversationEvents.id))
    .limit(limit + 1);

/**
 * The texts a person reads on an event: its body, subject, English translation and each line of
 * a call's transcript. ILIKE with the wildcards escaped: the words match literally, in any case.
 */
const matchesText = (words: string) => {
  const pattern = containsPattern(words);
  const { body, subject, data } = conversationEvents;
  return or(
    sql`${body} ilike ${pattern}`,
    sql`${subject} ilike ${pattern}`,
    sql`${data} #>> '{translation,body,textInEnglish}' ilike ${pattern}`,
    sql`exists (select 1 from jsonb_array_elements(case when jsonb_typeof(${data} -> 'transcript') = 'array' then ${data} -> 'transcript' else '[]'::jsonb end) as line where line ->> 'text' ilike ${pattern})`,
  );
};

export type SearchMatchRow = Awaited<ReturnType<typeof searchConversationEventRows>>[number];

/** The lead's events whose text contains `words`, newest first, one row more than asked. */
export const searchConversationEventRows = (
  db: Db,
  { companyId, leadId }: { companyId: string; leadId: string },
  words: string,
  limit: number,
  before?: KeysetCursor,
) =>
  db
    .select({
      id: conversationEvents.id,
      date: conversationEvents.date,
      body: conversationEvents.body,
      subject: conversationEvents.subject,
      data: conversationEvents.data,
    })
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.leadId, leadId),
        eq(conversationEvents.companyId, companyId),
        olderThan(conversationEvents.date, conversationEvents.id, before),
        matchesText(words),
      ),
    )
    .orderBy(desc(conversationEvents.date), desc(conversationEvents.id))
    .limit(limit + 1);

/** How many of the lead's events contain `words`. */
export const countConversationSearchMatches = async (
  db: Db,
  { companyId, leadId }: { companyId: string; leadId: string },
  words: string,
): Promise<number> => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.leadId, leadId),
        eq(conversationEvents.companyId, companyId),
        matchesText(words),
      ),
    );
  return row?.count ?? 0;
};
