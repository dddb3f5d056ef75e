import { and, asc, eq, gte, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, leads, properties, tours, users } from '../../db/schema/index.js';

export type TourRange = { from: Date; to: Date };

/** Most tours a calendar asks for at once: six weeks of a busy portfolio. */
const MAX_TOURS = 2000;

/**
 * Leads with a tour in [from, to), earliest first. `tourDateUtc` is set while a tour is scheduled
 * and cleared when it is cancelled, so it alone says which tours stand. The tour's type is that of
 * the latest scheduling event (walked newest first on the lead's (lead_id, date) index). A tour
 * booked in the console comes with its booking (null fields: one only the PMS reported).
 */
export const listTours = (
  db: Db,
  scope: { companyId: string; propertyId?: string },
  range: TourRange,
) =>
  db
    .select({
      lead: leads,
      propertyName: properties.name,
      propertyTimeZone: properties.timeZone,
      tourTypeId: sql<string | null>`(
        select ce.data->>'tourTypeID' from conversation_events ce
        where ce.lead_id = ${leads.id} and ce.event_type = 'SCHEDULED_TOUR_APPOINTMENT'
        order by ce.date desc, ce.id desc limit 1
      )`,
      booking: {
        tourId: tours.id,
        kind: tours.kind,
        endsAt: tours.endsAt,
        confirmedAt: tours.confirmedAt,
        agentId: users.id,
        agentName: users.name,
      },
    })
    .from(leads)
    .innerJoin(properties, eq(properties.id, leads.propertyId))
    // The console's booking behind the lead's tour: the standing one that starts then.
    .leftJoin(
      tours,
      and(
        eq(tours.leadId, leads.id),
        eq(tours.startsAt, leads.tourDateUtc),
        ne(tours.status, 'CANCELLED'),
      ),
    )
    .leftJoin(users, eq(users.id, tours.agentId))
    .where(
      and(
        eq(leads.companyId, scope.companyId),
        scope.propertyId ? eq(leads.propertyId, scope.propertyId) : undefined,
        isNotNull(leads.tourDateUtc),
        gte(leads.tourDateUtc, range.from),
        lt(leads.tourDateUtc, range.to),
      ),
    )
    .orderBy(asc(leads.tourDateUtc), asc(leads.id))
    .limit(MAX_TOURS);

export const findCompanyTimeZone = async (db: Db, companyId: string) =>
  (
    await db
      .select({ timeZone: companies.timeZone })
      .from(companies)
      .where(eq(companies.id, companyId))
  )[0]?.timeZone ?? 'UTC';
