import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversationEvents, leadDrafts, leads } from '../../db/schema/index.js';

export const findCompanyLeadId = async (db: Db, companyId: string, leadId: string) =>
  (
    await db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.id, leadId), eq(leads.companyId, companyId)))
  )[0]?.id;

/** Which of these ids are events of the lead. */
export const findLeadEventIds = async (db: Db, leadId: string, ids: string[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .select({ id: conversationEvents.id })
          .from(conversationEvents)
          .where(and(eq(conversationEvents.leadId, leadId), inArray(conversationEvents.id, ids)))
      ).map((row) => row.id);

export const findDraft = async (db: Db, leadId: string, userId: string) =>
  (
    await db
      .select()
      .from(leadDrafts)
      .where(and(eq(leadDrafts.leadId, leadId), eq(leadDrafts.userId, userId)))
  )[0];

export const upsertDraft = async (db: Db, row: typeof leadDrafts.$inferInsert) => {
  const { companyId: _company, leadId: _lead, userId: _user, ...changes } = row;
  const [saved] = await db
    .insert(leadDrafts)
    .values(row)
    .onConflictDoUpdate({
      target: [leadDrafts.leadId, leadDrafts.userId],
      set: { ...changes, updatedAt: new Date() },
    })
    .returning();
  return saved!;
};

export const deleteDraft = (db: Db, leadId: string, userId: string) =>
  db.delete(leadDrafts).where(and(eq(leadDrafts.leadId, leadId), eq(leadDrafts.userId, userId)));
