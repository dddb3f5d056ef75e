import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leads, type LeadRow } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/errors.js';

/**
 * The lead with this `_id`, if it belongs to the company: 404 when unknown, 403 when another
 * company's. The lookup is by primary key; the company check is what scopes it.
 */
export const getCompanyLead = async (
  db: Db,
  companyId: string,
  leadId: string,
): Promise<LeadRow> => {
  const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
  if (!lead) throw notFound('Lead');
  if (lead.companyId !== companyId) throw forbidden();
  return lead;
};
