import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tourBookingCodes } from '../../db/schema/index.js';

export type BookingCodeRow = typeof tourBookingCodes.$inferSelect;

export const insertBookingCode = async (
  db: Db,
  values: typeof tourBookingCodes.$inferInsert,
): Promise<BookingCodeRow> => (await db.insert(tourBookingCodes).values(values).returning())[0]!;

/** Codes sent to the phone for the property since `since` (the per-phone limit). */
export const countCodesSentSince = async (
  db: Db,
  propertyId: string,
  phone: string,
  since: Date,
): Promise<number> =>
  (
    await db
      .select({ n: count() })
      .from(tourBookingCodes)
      .where(
        and(
          eq(tourBookingCodes.propertyId, propertyId),
          eq(tourBookingCodes.phone, phone),
          gt(tourBookingCodes.createdAt, since),
        ),
      )
  )[0]!.n;

/** The phone's newest code for the property that may still be used, locked for the check. */
export const lockLatestLiveCode = async (
  db: Db,
  propertyId: string,
  phone: string,
  now: Date,
): Promise<BookingCodeRow | undefined> =>
  (
    await db
      .select()
      .from(tourBookingCodes)
      .where(
        and(
          eq(tourBookingCodes.propertyId, propertyId),
          eq(tourBookingCodes.phone, phone),
          isNull(tourBookingCodes.usedAt),
          gt(tourBookingCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(tourBookingCodes.createdAt))
      .limit(1)
      .for('update')
  )[0];

export const countWrongAttempt = (db: Db, id: string) =>
  db
    .update(tourBookingCodes)
    .set({ attempts: sql`${tourBookingCodes.attempts} + 1` })
    .where(eq(tourBookingCodes.id, id));

export const markCodeUsed = (db: Db, id: string, at: Date) =>
  db.update(tourBookingCodes).set({ usedAt: at }).where(eq(tourBookingCodes.id, id));
