import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, conversationEvents, leads, properties } from '../../db/schema/index.js';

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

export const findLeadByPmsId = async (db: Db, propertyId: string, pmsLeadId: string) =>
  (
    await db
      .select()
      .from(leads)
      .where(and(eq(leads.propertyId, propertyId), eq(leads.pmsLeadId, pmsLeadId)))
  )[0];

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
