import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { companies, leads, leadSources, notes, type LeadRow } from '../../db/schema/index.js';
import { olderThan, type KeysetCursor } from '../../lib/cursor.js';

/** A property's leads, most recent activity first, keyset on (lastActivityAt, id). */
export const listPropertyLeads = (
  db: Db,
  propertyId: string,
  limit: number,
  after?: KeysetCursor,
) =>
  db
    .select()
    .from(leads)
    .where(and(eq(leads.propertyId, propertyId), olderThan(leads.lastActivityAt, leads.id, after)))
    .orderBy(desc(leads.lastActivityAt), desc(leads.id))
    .limit(limit + 1);

export const findLeadWithCompany = async (db: Db, propertyId: string, pmsLeadId: string) =>
  (
    await db
      .select({ lead: leads, company: companies, sourceName: leadSources.name })
      .from(leads)
      .innerJoin(companies, eq(companies.id, leads.companyId))
      .leftJoin(leadSources, eq(leadSources.id, leads.sourceId))
      .where(and(eq(leads.propertyId, propertyId), eq(leads.pmsLeadId, pmsLeadId)))
  )[0];

export const listLeadNotes = (db: Db, leadId: string) =>
  db
    .select()
    .from(notes)
    .where(eq(notes.leadId, leadId))
    .orderBy(desc(notes.createdAt), desc(notes.id));

// Every read of a lead's data checks the lead first: prepared once.
const leadById = preparedQuery((db) =>
  db
    .select()
    .from(leads)
    .where(eq(leads.id, sql.placeholder('leadId')))
    .prepare('lead_by_id'),
);

export const findLeadById = async (db: Db, leadId: string): Promise<LeadRow | undefined> => {
  const [lead] = await leadById(db).execute({ leadId });
  return lead;
};
