import { and, eq, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { UNCONFIRMED_TOUR_HOURS } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { lastOutboundFailed, unread } from './inbox.repository.js';
import { companies, leadReads, leads, properties, tours } from '../../db/schema/index.js';

export type TodayWindow = { userId: string; now: Date; dayStart: Date; dayEnd: Date };

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The lead's follow-up has come due. */
export const followUpDue = (now: Date): SQL =>
  sql`(${leads.followUpAt} is not null and ${leads.followUpAt} <= ${ts(now)})`;

/**
 * The lead spoke last and can hear back on that channel (an opted-out lead needs no reply), and no
 * follow-up set for later puts it aside.
 */
export const needsReply = (now: Date): SQL =>
  sql`(${leads.needsReply} and (${leads.followUpAt} is null or ${leads.followUpAt} <= ${ts(now)}))`;

/** A tour today (on the company's calendar) that has no outcome yet. */
export const tourToday = (window: TodayWindow): SQL =>
  sql`(${leads.tourDateUtc} >= ${ts(window.dayStart)} and ${leads.tourDateUtc} < ${ts(window.dayEnd)}
    and ${leads.status} not in ('TOURED', 'APPLIED', 'LEASED', 'LOST'))`;

/**
 * A booked tour starts within `UNCONFIRMED_TOUR_HOURS` and the lead has not confirmed it: the
 * owner calls or texts before the time goes to waste (or is released, where the company chose it).
 */
export const tourUnconfirmed = (now: Date): SQL =>
  sql`exists (select 1 from ${tours} where ${tours.leadId} = ${leads.id}
    and ${tours.status} = 'SCHEDULED' and ${tours.confirmedAt} is null
    and ${tours.startsAt} > ${ts(now)}
    and ${tours.startsAt} <= ${ts(new Date(now.getTime() + UNCONFIRMED_TOUR_HOURS * 3_600_000))})`;

const needsAction = (window: TodayWindow) =>
  or(
    eq(leads.decisionOpen, true),
    tourUnconfirmed(window.now),
    followUpDue(window.now),
    needsReply(window.now),
    tourToday(window),
  );

/**
 * The user's leads that need action now (walks `leads_owner_inbox_idx`), each with which reasons
 * hold; at most `limit`. Closed and lost leads are left out.
 */
export const listTodayLeads = (db: Db, window: TodayWindow, limit: number) =>
  db
    .select({
      lead: leads,
      propertyName: properties.name,
      unread,
      lastOutboundFailed,
      followUpDue: sql<boolean>`${followUpDue(window.now)}`,
      needsReply: sql<boolean>`${needsReply(window.now)}`,
      tourToday: sql<boolean>`${tourToday(window)}`,
      tourUnconfirmed: sql<boolean>`${tourUnconfirmed(window.now)}`,
    })
    .from(leads)
    .innerJoin(properties, eq(properties.id, leads.propertyId))
    .leftJoin(leadReads, and(eq(leadReads.leadId, leads.id), eq(leadReads.userId, window.userId)))
    .where(
      and(
        eq(leads.ownerUserId, window.userId),
        notInArray(leads.status, ['LEASED', 'LOST']),
        needsAction(window),
      ),
    )
    .limit(limit);

/** How many of the user's leads have each reason. */
export const countTodayLeads = async (db: Db, window: TodayWindow) => {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      decision: sql<number>`count(*) filter (where ${leads.decisionOpen})::int`,
      followUpDue: sql<number>`count(*) filter (where ${followUpDue(window.now)})::int`,
      needsReply: sql<number>`count(*) filter (where ${needsReply(window.now)})::int`,
      tourToday: sql<number>`count(*) filter (where ${tourToday(window)})::int`,
      tourUnconfirmed: sql<number>`count(*) filter (where ${tourUnconfirmed(window.now)})::int`,
    })
    .from(leads)
    .where(
      and(
        eq(leads.ownerUserId, window.userId),
        notInArray(leads.status, ['LEASED', 'LOST']),
        needsAction(window),
      ),
    );
  return row!;
};

export const companyTimeZone = async (db: Db, companyId: string) =>
  (
    await db
      .select({ timeZone: companies.timeZone })
      .from(companies)
      .where(eq(companies.id, companyId))
  )[0]?.timeZone ?? 'America/New_York';
