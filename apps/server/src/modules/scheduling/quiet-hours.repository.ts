import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, leads, properties } from '../../db/schema/index.js';

const policyColumns = {
  start: companies.quietHoursStart,
  end: companies.quietHoursEnd,
  stateRules: companies.quietHoursStateRules,
  allowSendNow: companies.quietHoursAllowSendNow,
};

export const findCompanyPolicy = async (db: Db, companyId: string) =>
  (await db.select(policyColumns).from(companies).where(eq(companies.id, companyId)))[0];

/** What the quiet-hours check of a text to this lead reads: the lead, its zones, the policy. */
export const findLeadQuietHoursFacts = async (db: Db, leadId: string) =>
  (
    await db
      .select({
        companyId: leads.companyId,
        name: leads.name,
        phone: leads.phone,
        timeZone: leads.timeZone,
        propertyTimeZone: properties.timeZone,
        companyTimeZone: companies.timeZone,
        policy: policyColumns,
      })
      .from(leads)
      .innerJoin(properties, eq(properties.id, leads.propertyId))
      .innerJoin(companies, eq(companies.id, leads.companyId))
      .where(eq(leads.id, leadId))
  )[0];
