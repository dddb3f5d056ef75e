import { and, eq, getTableColumns, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leads, type LeadRow, type NewLeadRow } from '../../db/schema/index.js';

/*
 * The lead rows other modules create and change. `leads` is written by this module only: the
 * channels, the integrations and the scheduled checks call these (exported from `index.ts`), in
 * their own transaction (each takes the caller's `db`).
 */

/** `xmax = 0` only on a row this statement inserted: tells an upsert's insert from its update. */
const wasInserted = sql<boolean>`(xmax = 0)`;

/** A new lead (a stranger's first text or email, a message made a lead of). */
export const insertLead = async (db: Db, lead: NewLeadRow) =>
  (await db.insert(leads).values(lead).returning())[0]!;

/**
 * A unique PMS id in the property for a lead the console created: `base` (e.g. `SMS-15125550199`),
 * then `base-2`…
 */
export const freePmsLeadId = async (db: Db, propertyId: string, base: string) => {
  const taken = new Set(
    (
      await db
        .select({ pmsLeadId: leads.pmsLeadId })
        .from(leads)
        .where(and(eq(leads.propertyId, propertyId), like(leads.pmsLeadId, `${base}%`)))
    ).map((row) => row.pmsLeadId),
  );
  let candidate = base;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${base}-${n}`;
  return candidate;
};

/**
 * An integration's lead, by its property and PMS id: inserted, or `changes` applied to the one
 * there. `inserted` tells which.
 */
export const upsertLeadByPmsId = async (
  db: Db,
  values: NewLeadRow,
  changes: Partial<NewLeadRow>,
) => {
  const [row] = await db
    .insert(leads)
    .values(values)
    .onConflictDoUpdate({
      target: [leads.propertyId, leads.pmsLeadId],
      set: { ...changes, updatedAt: new Date() },
    })
    .returning({ ...getTableColumns(leads), inserted: wasInserted });
  if (!row) throw new Error('lead upsert returned nothing');
  return row;
};

/** An integration's changes to a lead (its updated time moves). */
export const updateLeadFromIntegration = async (
  db: Db,
  leadId: string,
  changes: Partial<NewLeadRow>,
) => {
  const [row] = await db
    .update(leads)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(leads.id, leadId))
    .returning();
  if (!row) throw new Error('lead update returned nothing');
  return row;
};

/** The lead's last activity is now `at` (and, for a keyword text, its phone's opt status). */
export const bumpLeadActivity = async (
  db: Db,
  leadId: string,
  at: Date,
  change: Partial<Pick<LeadRow, 'phoneOptStatus'>> = {},
) => {
  await db
    .update(leads)
    .set({ lastActivityAt: at, ...change })
    .where(eq(leads.id, leadId));
};

/** The lead's last activity is `at` unless it was later already (a message dated in the past). */
export const advanceLeadActivity = async (db: Db, leadId: string, at: Date) => {
  await db
    .update(leads)
    .set({ lastActivityAt: sql`greatest(${leads.lastActivityAt}, ${at})` })
    .where(eq(leads.id, leadId));
};

/** A person opted the lead's phone out (the caller records the consent change). */
export const setPhoneOptOut = async (db: Db, leadId: string) => {
  await db.update(leads).set({ phoneOptStatus: 'OPT_OUT' }).where(eq(leads.id, leadId));
};

/** The lead's address takes no mail: staff see it, and know why. */
export const markLeadUndeliverable = async (db: Db, leadId: string, reason: string, at: Date) => {
  await db
    .update(leads)
    .set({ emailBouncedAt: at, emailBounceReason: reason })
    .where(eq(leads.id, leadId));
};

/**
 * Marks the breach of this waiting stretch as published. Only one caller wins: the row must still
 * wait since `waitingSince` and not be marked yet (a second worker's update finds nothing).
 */
export const claimSpeedToLeadBreach = async (db: Db, leadId: string, waitingSince: Date) =>
  (
    await db
      .update(leads)
      .set({ speedToLeadNotifiedFor: sql`${leads.awaitingSince}` })
      .where(
        and(
          eq(leads.id, leadId),
          // The job carries the moment in milliseconds; the column keeps microseconds.
          sql`date_trunc('milliseconds', ${leads.awaitingSince}) = ${waitingSince.toISOString()}::timestamptz`,
          eq(leads.needsReply, true),
          sql`${leads.speedToLeadNotifiedFor} is distinct from ${leads.awaitingSince}`,
        ),
      )
      .returning({ companyId: leads.companyId, ownerUserId: leads.ownerUserId })
  )[0];

/** The lead's next tour, as the tours module books, moves and cancels it; null: none ahead. */
export const setLeadTourDate = async (db: Db, leadId: string, tourDateUtc: Date | null) => {
  await db.update(leads).set({ tourDateUtc, updatedAt: new Date() }).where(eq(leads.id, leadId));
};
