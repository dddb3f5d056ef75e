import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leads, leadSources } from '../../db/schema/index.js';

/** The company's sources in the order they were made (the defaults in their seeded order). */
export const listLeadSourceRows = (db: Db, companyId: string) =>
  db
    .select()
    .from(leadSources)
    .where(eq(leadSources.companyId, companyId))
    .orderBy(asc(leadSources.createdAt), asc(leadSources.id));

/** How many of the company's leads have each source (sources no lead has are left out). */
export const countLeadsBySource = (db: Db, companyId: string) =>
  db
    .select({ sourceId: leads.sourceId, count: count() })
    .from(leads)
    .where(and(eq(leads.companyId, companyId), isNotNull(leads.sourceId)))
    .groupBy(leads.sourceId);

export const findLeadSource = async (db: Db, companyId: string, sourceId: string) =>
  (
    await db
      .select()
      .from(leadSources)
      .where(and(eq(leadSources.id, sourceId), eq(leadSources.companyId, companyId)))
  )[0];

/** The source, locked until the transaction ends: a merge and a rename of it queue up. */
export const lockLeadSource = async (db: Db, companyId: string, sourceId: string) =>
  (
    await db
      .select()
      .from(leadSources)
      .where(and(eq(leadSources.id, sourceId), eq(leadSources.companyId, companyId)))
      .for('update')
  )[0];

export const findLeadSourceByName = async (db: Db, companyId: string, name: string) =>
  (
    await db
      .select()
      .from(leadSources)
      .where(
        and(eq(leadSources.companyId, companyId), sql`lower(${leadSources.name}) = lower(${name})`),
      )
  )[0];

/** Inserts the source unless one of that name (any case) exists; undefined then. */
export const insertLeadSource = async (db: Db, companyId: string, name: string) =>
  (await db.insert(leadSources).values({ companyId, name }).onConflictDoNothing().returning())[0];

export const renameLeadSource = async (db: Db, sourceId: string, name: string) =>
  (await db.update(leadSources).set({ name }).where(eq(leadSources.id, sourceId)).returning())[0];

/** Every lead of the company with `fromSourceId` gets `toSourceId`; how many. */
export const repointLeadSources = async (
  db: Db,
  companyId: string,
  fromSourceId: string,
  toSourceId: string,
): Promise<number> =>
  (
    await db
      .update(leads)
      .set({ sourceId: toSourceId })
      .where(and(eq(leads.companyId, companyId), eq(leads.sourceId, fromSourceId)))
      .returning({ id: leads.id })
  ).length;

export const deleteLeadSource = async (db: Db, sourceId: string) => {
  await db.delete(leadSources).where(eq(leadSources.id, sourceId));
};

export const setLeadSourceId = async (db: Db, leadId: string, sourceId: string | null) => {
  await db.update(leads).set({ sourceId }).where(eq(leads.id, leadId));
};
