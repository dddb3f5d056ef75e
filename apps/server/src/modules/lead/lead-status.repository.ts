import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversationEvents, leads, lostReasons, type LeadRow } from '../../db/schema/index.js';

/** The lead, locked until the transaction ends: two changes of one lead's status queue up. */
export const lockLead = async (db: Db, leadId: string): Promise<LeadRow | undefined> => {
  const [lead] = await db.select().from(leads).where(eq(leads.id, leadId)).for('no key update');
  return lead;
};

export const updateLeadStatus = async (
  db: Db,
  leadId: string,
  change: Pick<LeadRow, 'status' | 'lostReason' | 'statusChangedAt'>,
): Promise<LeadRow> => {
  const [row] = await db.update(leads).set(change).where(eq(leads.id, leadId)).returning();
  if (!row) throw new Error(`lead ${leadId} vanished while its status changed`);
  return row;
};

/** A timeline event's kind and author, to tell an outbound message from the lead's. */
export const findTimelineEventKind = async (db: Db, eventId: string) => {
  const [row] = await db
    .select({ eventType: conversationEvents.eventType, senderType: conversationEvents.senderType })
    .from(conversationEvents)
    .where(eq(conversationEvents.id, eventId));
  return row;
};

/** The company's live reasons, oldest first (the defaults in their seeded order). */
export const listLostReasonRows = (db: Db, companyId: string) =>
  db
    .select()
    .from(lostReasons)
    .where(and(eq(lostReasons.companyId, companyId), isNull(lostReasons.removedAt)))
    .orderBy(asc(lostReasons.createdAt), asc(lostReasons.id));

export const findLostReasonByName = async (db: Db, companyId: string, name: string) => {
  const [row] = await db
    .select()
    .from(lostReasons)
    .where(
      and(
        eq(lostReasons.companyId, companyId),
        isNull(lostReasons.removedAt),
        sql`lower(${lostReasons.name}) = lower(${name})`,
      ),
    );
  return row;
};

export const findLostReason = async (db: Db, companyId: string, reasonId: string) => {
  const [row] = await db
    .select()
    .from(lostReasons)
    .where(
      and(
        eq(lostReasons.id, reasonId),
        eq(lostReasons.companyId, companyId),
        isNull(lostReasons.removedAt),
      ),
    );
  return row;
};

/** Inserts the reason unless a live one of that name exists; undefined then. */
export const insertLostReason = async (db: Db, companyId: string, name: string) => {
  const [row] = await db
    .insert(lostReasons)
    .values({ companyId, name })
    .onConflictDoNothing()
    .returning();
  return row;
};

export const renameLostReason = (db: Db, reasonId: string, name: string) =>
  db.update(lostReasons).set({ name }).where(eq(lostReasons.id, reasonId)).returning();

export const removeLostReason = (db: Db, reasonId: string, at: Date) =>
  db.update(lostReasons).set({ removedAt: at }).where(eq(lostReasons.id, reasonId));
