import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';

/** Whether the lead exists and is the company's: the one check before a console may announce it. */
export const isCompanyLead = async (db: Db, companyId: string, leadId: string) =>
  (
    await db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.id, leadId), eq(leads.companyId, companyId)))
  ).length > 0;
