import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leads, type LeadRow } from '../../db/schema/index.js';

/** The lead's row, locked until the caller's transaction ends (two edits never interleave). */
export const lockLeadRow = async (db: Db, leadId: string): Promise<LeadRow | undefined> => {
  const [lead] = await db.select().from(leads).where(eq(leads.id, leadId)).for('no key update');
  return lead;
};

export const updateLeadRow = async (
  db: Db,
  leadId: string,
  values: Partial<
    Pick<
      LeadRow,
      'name' | 'phone' | 'email' | 'phoneOptStatus' | 'emailOptStatus' | 'emailBouncedAt'
    >
  >,
): Promise<LeadRow> => {
  const [row] = await db.update(leads).set(values).where(eq(leads.id, leadId)).returning();
  if (!row) throw new Error(`lead ${leadId} vanished while its details changed`);
  return row;
};
