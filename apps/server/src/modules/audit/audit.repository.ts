import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditFilter } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { apiKeys, auditLog, leads, type NewAuditRow } from '../../db/schema/index.js';
import type { KeysetCursor } from '../../lib/cursor.js';

export const insertAuditRow = async (db: Db, row: NewAuditRow) => {
  // A redelivered event (same id) is already on the trail.
  await db.insert(auditLog).values(row).onConflictDoNothing({ target: auditLog.eventId });
};

export const findApiKeyName = async (db: Db, apiKeyId: string) =>
  (await db.select({ name: apiKeys.name }).from(apiKeys).where(eq(apiKeys.id, apiKeyId)))[0]
    ?.name ?? null;

const filterConditions = (companyId: string, filter: AuditFilter): SQL[] =>
  [
    eq(auditLog.companyId, companyId),
    filter.userId ? eq(auditLog.actorUserId, filter.userId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.leadId ? eq(auditLog.leadId, filter.leadId) : undefined,
    filter.from ? gte(auditLog.occurredAt, new Date(filter.from)) : undefined,
    filter.to ? lt(auditLog.occurredAt, new Date(filter.to)) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);

export type AuditListRow = typeof auditLog.$inferSelect & {
  lead: { name: string; propertyId: string; pmsLeadId: string } | null;
};

/**
 * One keyset page of the company's trail, newest first. The row comparison walks the
 * `(company_id[, filter], occurred_at desc, id desc)` index from the cursor, so a deep page costs
 * what the first one does.
 */
export const listAuditRows = async (
  db: Db,
  companyId: string,
  filter: AuditFilter,
  after: KeysetCursor | undefined,
  limit: number,
): Promise<AuditListRow[]> => {
  const conditions = filterConditions(companyId, filter);
  if (after) {
    conditions.push(
      sql`(${auditLog.occurredAt}, ${auditLog.id}) < (${after.date.toISOString()}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      entry: auditLog,
      lead: { name: leads.name, propertyId: leads.propertyId, pmsLeadId: leads.pmsLeadId },
    })
    .from(auditLog)
    .leftJoin(leads, and(eq(leads.id, auditLog.leadId), eq(leads.companyId, companyId)))
    .where(and(...conditions))
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(limit);
  return rows.map(({ entry, lead }) => ({ ...entry, lead }));
};
