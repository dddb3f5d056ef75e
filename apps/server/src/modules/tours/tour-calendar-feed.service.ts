import { randomBytes } from 'node:crypto';
import {
  TOUR_CALENDAR_DAYS_AHEAD,
  TOUR_CALENDAR_DAYS_BACK,
  tourKindLabels,
  type TourCalendarFeed,
} from '@leasing/contract';
import { and, eq, gte, isNull, lt, ne, or } from 'drizzle-orm';
import ical, { ICalEventStatus } from 'ical-generator';
import type { Db } from '../../db/client.js';
import { leads, properties, tourCalendarFeeds, tours, users } from '../../db/schema/index.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { sha256Hex } from '../../lib/secret-hash.js';

export type TourCalendarDeps = { db: Db; events: EventPort; now: Clock; publicUrl: string };

const DAY_MS = 86_400_000;

/** The feed's URL: the token is its only credential, so it ends the path (`….ics`). */
const feedUrlOf = (publicUrl: string, token: string) =>
  new URL(`/api/public/tour-calendar/${token}.ics`, publicUrl).toString();

/** Whether the person's feed works, and since when (the URL itself is never shown again). */
export const getTourCalendarFeed = async (db: Db, userId: string): Promise<TourCalendarFeed> => {
  const [feed] = await db
    .select({ createdAt: tourCalendarFeeds.createdAt })
    .from(tourCalendarFeeds)
    .where(eq(tourCalendarFeeds.userId, userId));
  return { active: Boolean(feed), createdAt: feed?.createdAt.toISOString() ?? null, url: null };
};

/**
 * Makes the person's feed URL, or a new one in place of the old (which stops working at once):
 * 32 random bytes, of which only the hash is kept. Audited; the answer is the only time the URL
 * is shown.
 */
export const renewTourCalendarFeed = (
  deps: TourCalendarDeps,
  user: { companyId: string; userId: string },
  actor: Actor,
): Promise<TourCalendarFeed> =>
  deps.events.transaction(async ({ db, record }) => {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = sha256Hex(token);
    const createdAt = deps.now();
    await db
      .insert(tourCalendarFeeds)
      .values({
        userId: user.userId,
        companyId: user.companyId,
        tokenHash,
        createdAt,
      })
      .onConflictDoUpdate({
        target: tourCalendarFeeds.userId,
        set: { tokenHash, createdAt },
      });
    record(domainEvent('tour_calendar.renewed', { ...user, actor }));
    return {
      active: true,
      createdAt: createdAt.toISOString(),
      url: feedUrlOf(deps.publicUrl, token),
    };
  });

/** Turns the person's feed off: its URL stops working. Audited when there was one. */
export const turnOffTourCalendarFeed = (
  deps: TourCalendarDeps,
  user: { companyId: string; userId: string },
  actor: Actor,
): Promise<TourCalendarFeed> =>
  deps.events.transaction(async ({ db, record }) => {
    const removed = await db
      .delete(tourCalendarFeeds)
      .where(eq(tourCalendarFeeds.userId, user.userId))
      .returning({ userId: tourCalendarFeeds.userId });
    if (removed.length > 0) record(domainEvent('tour_calendar.turned_off', { ...user, actor }));
    return { active: false, createdAt: null, url: null };
  });

/**
 * The feed of a token: the person's tours from `TOUR_CALENDAR_DAYS_BACK` days ago to
 * `TOUR_CALENDAR_DAYS_AHEAD` ahead — the tours they give (`agentId`) and those of the leads they
 * own that name no agent — as iCalendar, one event per tour (its UID the tour's, so a move
 * moves it; a cancelled tour leaves the feed). Undefined for a token that is not a working feed,
 * or a person no longer active.
 */
export const tourCalendarOf = async (
  deps: TourCalendarDeps,
  token: string,
): Promise<string | undefined> => {
  const [feed] = await deps.db
    .select({ userId: tourCalendarFeeds.userId, companyId: tourCalendarFeeds.companyId })
    .from(tourCalendarFeeds)
    .innerJoin(users, eq(users.id, tourCalendarFeeds.userId))
    .where(and(eq(tourCalendarFeeds.tokenHash, sha256Hex(token)), isNull(users.deactivatedAt)));
  if (!feed) return undefined;
  const now = deps.now().getTime();
  const rows = await deps.db
    .select({
      tour: tours,
      leadName: leads.name,
      leadPhone: leads.phone,
      pmsLeadId: leads.pmsLeadId,
      propertyName: properties.name,
      address: properties.address,
    })
    .from(tours)
    .innerJoin(leads, eq(leads.id, tours.leadId))
    .innerJoin(properties, eq(properties.id, tours.propertyId))
    .where(
      and(
        eq(tours.companyId, feed.companyId),
        ne(tours.status, 'CANCELLED'),
        gte(tours.startsAt, new Date(now - TOUR_CALENDAR_DAYS_BACK * DAY_MS)),
        lt(tours.startsAt, new Date(now + TOUR_CALENDAR_DAYS_AHEAD * DAY_MS)),
        or(
          eq(tours.agentId, feed.userId),
          and(isNull(tours.agentId), eq(leads.ownerUserId, feed.userId)),
        ),
      ),
    )
    .orderBy(tours.startsAt);
  const calendar = ical({
    name: 'Tours',
    prodId: { company: 'Leasing console', product: 'Tours', language: 'EN' },
    ttl: 15 * 60,
  });
  for (const row of rows) {
    const leadUrl = new URL(
      `/properties/${row.tour.propertyId}/leads/${encodeURIComponent(row.pmsLeadId)}/escalation`,
      deps.publicUrl,
    ).toString();
    calendar.createEvent({
      id: `tour-${row.tour.id}`,
      start: row.tour.startsAt,
      end: row.tour.endsAt,
      stamp: row.tour.updatedAt,
      summary: `Tour: ${row.leadName} (${tourKindLabels[row.tour.kind].toLowerCase()})`,
      description: [
        `${row.propertyName}${row.tour.confirmedAt ? ' · confirmed by the lead' : ''}`,
        row.leadPhone ? `Phone: ${row.leadPhone}` : null,
        `Open in the console: ${leadUrl}`,
      ]
        .filter(Boolean)
        .join('\n'),
      location: row.address ?? row.propertyName,
      url: leadUrl,
      status: row.tour.confirmedAt ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  }
  return calendar.toString();
};
