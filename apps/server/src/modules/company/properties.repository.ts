import { and, asc, count, eq, getTableColumns, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leads, properties, type PropertyRow } from '../../db/schema/index.js';

/** `xmax = 0` only on a row this statement inserted: tells an upsert's insert from its update. */
const wasInserted = sql<boolean>`(xmax = 0)`;

export const listCompanyProperties = (db: Db, companyId: string) =>
  db
    .select({
      id: properties.id,
      name: properties.name,
      pmsPropertyId: properties.pmsPropertyId,
      address: properties.address,
      leadCount: count(leads.id),
    })
    .from(properties)
    .leftJoin(leads, eq(leads.propertyId, properties.id))
    .where(eq(properties.companyId, companyId))
    .groupBy(properties.id)
    .orderBy(asc(properties.name), asc(properties.id));

/** Not scoped on purpose: the caller tells "no such property" (404) from "not yours" (403). */
export const findPropertyById = async (db: Db, id: string) =>
  (await db.select().from(properties).where(eq(properties.id, id)))[0];

/*
 * The property rows' writes. `properties` is written by this module only: integrations, office
 * hours and messaging call these, in their own transaction.
 */

/**
 * An integration's property, by its company and PMS id: inserted, or `changes` applied to the one
 * there. `inserted` tells which.
 */
export const upsertPropertyByPmsId = async (
  db: Db,
  values: Pick<PropertyRow, 'companyId' | 'pmsPropertyId' | 'name'> &
    Partial<Pick<PropertyRow, 'address' | 'smsNumber'>>,
  changes: Partial<Pick<PropertyRow, 'name' | 'address' | 'smsNumber'>>,
) => {
  const [row] = await db
    .insert(properties)
    .values(values)
    .onConflictDoUpdate({
      target: [properties.companyId, properties.pmsPropertyId],
      set: { ...changes, updatedAt: new Date() },
    })
    .returning({ ...getTableColumns(properties), inserted: wasInserted });
  if (!row) throw new Error('property upsert returned nothing');
  return row;
};

/** Settings → Office hours: a property's zone and hours. */
export const setPropertyOfficeHours = async (
  db: Db,
  propertyId: string,
  values: Pick<typeof properties.$inferInsert, 'timeZone' | 'officeHours'>,
) => {
  await db.update(properties).set(values).where(eq(properties.id, propertyId));
};

/** The lead's property, as a subquery (a status callback knows the lead, not its property). */
const propertyOfLead = (leadId: string) =>
  sql`(select ${leads.propertyId} from ${leads} where ${leads.id} = ${leadId})`;

/** A text of one of the property's leads failed with 30034: its number is not A2P registered. */
export const flagA2pUnregistered = async (db: Db, leadId: string) => {
  await db
    .update(properties)
    .set({ a2pUnregisteredAt: new Date() })
    .where(eq(properties.id, propertyOfLead(leadId)));
};

/** A text of one of the property's leads was delivered: the A2P flag, if set, is cleared. */
export const clearA2pUnregistered = async (db: Db, leadId: string) => {
  await db
    .update(properties)
    .set({ a2pUnregisteredAt: null })
    .where(and(eq(properties.id, propertyOfLead(leadId)), isNotNull(properties.a2pUnregisteredAt)));
};
