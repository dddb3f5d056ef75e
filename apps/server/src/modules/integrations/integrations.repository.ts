import { and, eq, getTableColumns, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  companies,
  conversationEvents,
  leads,
  properties,
  type NewConversationEventRow,
  type NewLeadRow,
  type PropertyRow,
} from '../../db/schema/index.js';

/** `xmax = 0` only on a row this statement inserted: tells an upsert's insert from its update. */
const wasInserted = sql<boolean>`(xmax = 0)`;

/** Every lookup by PMS ids starts from the key's company: another company's ids are unknown. */
export const findCompanyPropertyByPmsId = async (
  db: Db,
  companyId: string,
  pmsPropertyId: string,
) =>
  (
    await db
      .select({ property: properties, timeZone: companies.timeZone })
      .from(properties)
      .innerJoin(companies, eq(companies.id, properties.companyId))
      .where(and(eq(properties.companyId, companyId), eq(properties.pmsPropertyId, pmsPropertyId)))
  )[0];

export const upsertPropertyRow = async (
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

export const findLeadByPmsId = async (db: Db, propertyId: string, pmsLeadId: string) =>
  (
    await db
      .select()
      .from(leads)
      .where(and(eq(leads.propertyId, propertyId), eq(leads.pmsLeadId, pmsLeadId)))
  )[0];

export const upsertLeadRow = async (db: Db, values: NewLeadRow, changes: Partial<NewLeadRow>) => {
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

export const findEventByExternalId = async (db: Db, companyId: string, externalId: string) =>
  (
    await db
      .select()
      .from(conversationEvents)
      .where(
        and(
          eq(conversationEvents.companyId, companyId),
          eq(conversationEvents.externalId, externalId),
        ),
      )
  )[0];

/**
 * Inserts the event unless the company already has one with its external id; undefined then. A
 * concurrent append of the same id waits for the first to commit and then inserts nothing.
 */
export const insertEventOnce = async (
  db: Db,
  values: NewConversationEventRow & { externalId: string },
) =>
  (
    await db
      .insert(conversationEvents)
      .values(values)
      .onConflictDoNothing({
        target: [conversationEvents.companyId, conversationEvents.externalId],
        where: isNotNull(conversationEvents.externalId),
      })
      .returning()
  )[0];

export const updateLeadRow = async (db: Db, leadId: string, changes: Partial<NewLeadRow>) => {
  const [row] = await db
    .update(leads)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(leads.id, leadId))
    .returning();
  if (!row) throw new Error('lead update returned nothing');
  return row;
};
