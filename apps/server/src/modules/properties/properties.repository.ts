import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leads, properties } from '../../db/schema/index.js';

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
