import { and, asc, count, desc, eq, gt, gte, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { CompanyTourSettings, TourAvailability, TourKind } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/unique-violation.js';
import { companyTourSettings, tourAvailability, tours } from '../../db/schema/index.js';

export type TourRow = typeof tours.$inferSelect;
export type NewTourRow = typeof tours.$inferInsert;

export const findTourAvailability = async (db: Db, propertyId: string) =>
  (
    await db
      .select({ settings: tourAvailability.settings })
      .from(tourAvailability)
      .where(eq(tourAvailability.propertyId, propertyId))
  )[0]?.settings;

/** The company's tour settings, or undefined for the defaults. */
export const findCompanyTourSettings = async (db: Db, companyId: string) =>
  (
    await db
      .select({ settings: companyTourSettings.settings })
      .from(companyTourSettings)
      .where(eq(companyTourSettings.companyId, companyId))
  )[0]?.settings;

export const saveCompanyTourSettings = (db: Db, companyId: string, settings: CompanyTourSettings) =>
  db
    .insert(companyTourSettings)
    .values({ companyId, settings })
    .onConflictDoUpdate({
      target: companyTourSettings.companyId,
      set: { settings, updatedAt: new Date() },
    });

export const saveTourAvailability = (
  db: Db,
  values: { propertyId: string; companyId: string; settings: TourAvailability },
) =>
  db
    .insert(tourAvailability)
    .values(values)
    .onConflictDoUpdate({
      target: tourAvailability.propertyId,
      set: { settings: values.settings, updatedAt: new Date() },
    });

const STANDING = ne(tours.status, 'CANCELLED');

/** How many standing tours each slot of a kind holds, by the slot's start (epoch ms). */
export const countTakenPlaces = async (
  db: Db,
  propertyId: string,
  kind: TourKind,
  range: { from: Date; to: Date },
): Promise<Map<number, number>> => {
  const rows = await db
    .select({ startsAt: tours.startsAt, taken: count() })
    .from(tours)
    .where(
      and(
        eq(tours.propertyId, propertyId),
        eq(tours.kind, kind),
        gte(tours.startsAt, range.from),
        lt(tours.startsAt, range.to),
        STANDING,
      ),
    )
    .groupBy(tours.startsAt);
  return new Map(rows.map((row) => [row.startsAt.getTime(), Number(row.taken)]));
};

/** The places of one slot that standing tours (but `except`) hold. */
const placesTaken = async (
  db: Db,
  values: Pick<NewTourRow, 'propertyId' | 'kind' | 'startsAt'>,
  except?: string,
) =>
  (
    await db
      .select({ place: tours.place })
      .from(tours)
      .where(
        and(
          eq(tours.propertyId, values.propertyId),
          eq(tours.kind, values.kind),
          eq(tours.startsAt, values.startsAt),
          STANDING,
          except ? ne(tours.id, except) : undefined,
        ),
      )
  ).map((row) => row.place);

/**
 * Inserts the tour into the lowest free place of its slot, or answers undefined when all
 * `capacity` places stand taken. The place's unique index decides between simultaneous bookers:
 * an insert that meets a place taken since it looked inserts nothing (it waits for the other
 * transaction first), and the next free place is tried.
 */
export const claimPlace = async (
  db: Db,
  values: Omit<NewTourRow, 'place'>,
  capacity: number,
): Promise<TourRow | undefined> => {
  for (let attempt = 0; attempt < capacity; attempt += 1) {
    const taken = new Set(await placesTaken(db, values));
    const place = Array.from({ length: capacity }, (_, index) => index + 1).find(
      (candidate) => !taken.has(candidate),
    );
    if (place === undefined) return undefined;
    const [row] = await db
      .insert(tours)
      .values({ ...values, place })
      .onConflictDoNothing({
        target: [tours.propertyId, tours.kind, tours.startsAt, tours.place],
        where: sql`${tours.status} <> 'CANCELLED'`,
      })
      .returning();
    if (row) return row;
  }
  return undefined;
};

/** The lead's standing tour that has not ended yet, if any. */
export const findUpcomingTourOfLead = async (db: Db, leadId: string, now: Date) =>
  (
    await db
      .select()
      .from(tours)
      .where(and(eq(tours.leadId, leadId), eq(tours.status, 'SCHEDULED'), gt(tours.endsAt, now)))
      .orderBy(asc(tours.startsAt))
      .limit(1)
  )[0];

export const findTour = async (db: Db, tourId: string) =>
  (await db.select().from(tours).where(eq(tours.id, tourId)))[0];

/** The tour, locked until the transaction ends: two changes of one tour queue up. */
export const lockTour = async (db: Db, tourId: string) =>
  (await db.select().from(tours).where(eq(tours.id, tourId)).for('update'))[0];

/**
 * Standing tours nobody confirmed that start within `hours` of now and were booked before that
 * (a tour booked inside the window was just chosen), in companies that release them.
 */
export const findUnconfirmedToursToRelease = async (db: Db, now: Date, hours: number) =>
  db
    .select({ id: tours.id })
    .from(tours)
    .innerJoin(companyTourSettings, eq(companyTourSettings.companyId, tours.companyId))
    .where(
      and(
        eq(tours.status, 'SCHEDULED'),
        isNull(tours.confirmedAt),
        gt(tours.startsAt, now),
        lte(tours.startsAt, new Date(now.getTime() + hours * 3_600_000)),
        sql`${tours.createdAt} < ${tours.startsAt} - make_interval(hours => ${hours})`,
        sql`(${companyTourSettings.settings} ->> 'releaseUnconfirmed')::boolean`,
      ),
    )
    .orderBy(asc(tours.startsAt))
    .limit(200);

export const setTourCancelled = async (db: Db, tourId: string, at: Date) =>
  (
    await db
      .update(tours)
      .set({ status: 'CANCELLED', cancelledAt: at, updatedAt: at })
      .where(eq(tours.id, tourId))
      .returning()
  )[0]!;

/** The lead's last standing tour that has started, locked: the one a recorded outcome is about. */
export const lockStartedTourOfLead = async (db: Db, leadId: string, now: Date) =>
  (
    await db
      .select()
      .from(tours)
      .where(and(eq(tours.leadId, leadId), eq(tours.status, 'SCHEDULED'), lte(tours.startsAt, now)))
      .orderBy(desc(tours.startsAt))
      .limit(1)
      .for('update')
  )[0];

export const setTourOutcome = async (
  db: Db,
  tourId: string,
  status: 'COMPLETED' | 'NO_SHOW',
  at: Date,
) =>
  (
    await db.update(tours).set({ status, updatedAt: at }).where(eq(tours.id, tourId)).returning()
  )[0]!;

export const setTourConfirmed = async (db: Db, tourId: string, at: Date) =>
  (
    await db
      .update(tours)
      .set({ confirmedAt: at, updatedAt: at })
      .where(eq(tours.id, tourId))
      .returning()
  )[0]!;

/**
 * Moves the tour into the lowest free place of another slot, or answers undefined when all
 * `capacity` places stand taken. A place taken since it looked fails the update on the unique
 * index inside a savepoint, and the next free place is tried.
 */
export const movePlace = async (
  db: Db,
  tour: TourRow,
  to: Pick<NewTourRow, 'kind' | 'startsAt' | 'endsAt'>,
  capacity: number,
): Promise<TourRow | undefined> => {
  for (let attempt = 0; attempt < capacity; attempt += 1) {
    const taken = new Set(await placesTaken(db, { propertyId: tour.propertyId, ...to }, tour.id));
    const place = Array.from({ length: capacity }, (_, index) => index + 1).find(
      (candidate) => !taken.has(candidate),
    );
    if (place === undefined) return undefined;
    // A savepoint: the unique index's refusal ends this statement, not the booking's transaction.
    await db.execute(sql`savepoint tour_move`);
    try {
      const [row] = await db
        .update(tours)
        .set({ ...to, place, confirmedAt: null, updatedAt: new Date() })
        .where(eq(tours.id, tour.id))
        .returning();
      await db.execute(sql`release savepoint tour_move`);
      return row;
    } catch (error) {
      await db.execute(sql`rollback to savepoint tour_move`);
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return undefined;
};
