import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { conversationEvents, leads } from '../../db/schema/index.js';
import type { KeysetCursor } from '../../lib/cursor.js';

const e = conversationEvents;

/**
 * The lead is the company's: checked in the page's own query, so a page costs one round trip.
 * No rows answers nothing about why (no events yet, or not the company's lead): ask the lead then.
 */
const ofCompanyLead = sql`exists (select 1 from ${leads} where ${leads.id} = ${sql.placeholder('leadId')} and ${leads.companyId} = ${sql.placeholder('companyId')})`;

// The timeline's pages are the console's hottest read: both shapes are prepared once.
const newestPage = preparedQuery((db) =>
  db
    .select()
    .from(e)
    .where(and(eq(e.leadId, sql.placeholder('leadId')), ofCompanyLead))
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
        ofCompanyLead,
      ),
    )
    .orderBy(desc(e.date), desc(e.id))
    .limit(sql.placeholder('limit'))
    .prepare('conversation_page_older'),
);

/**
 * Newest first, keyset on (date, id), one row more than asked (it tells if a next page exists);
 * none unless the lead is the company's.
 */
export const listConversationEventRows = (
  db: Db,
  lead: { companyId: string; leadId: string },
  limit: number,
  before?: KeysetCursor,
) =>
  before
    ? olderPage(db).execute({ ...lead, limit: limit + 1, date: before.date, id: before.id })
    : newestPage(db).execute({ ...lead, limit: limit + 1 });

/** What the reports count of one timeline event: when, what kind, whose. */
export const findTimelineEventFacts = async (db: Db, timelineEventId: string) =>
  (
    await db
      .select({
        leadId: e.leadId,
        date: e.date,
        eventType: e.eventType,
        senderType: e.senderType,
        sentByUserId: e.sentByUserId,
        sendingStatus: e.sendingStatus,
        /** A console call's (`data.direction`, `data.outcome`); null for any other event. */
        callDirection: sql<string | null>`${e.data}->>'direction'`,
        callOutcome: sql<string | null>`${e.data}->>'outcome'`,
      })
      .from(e)
      .where(eq(e.id, timelineEventId))
      .limit(1)
  )[0];
