import { stringify } from 'csv-stringify';
import {
  auditActionLabels,
  type AuditAction,
  type AuditEntry,
  type AuditFilter,
  type AuditPage,
  type AuditQuery,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { escapeCsvFormula } from '../../lib/csv-cell.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { listAuditRows, type AuditListRow } from './audit.repository.js';

const toAuditEntry = (row: AuditListRow): AuditEntry => ({
  _id: row.id,
  occurredAt: row.occurredAt.toISOString(),
  action: row.action as AuditAction,
  actor: {
    type: row.actorType,
    userId: row.actorUserId,
    apiKeyId: row.actorApiKeyId,
    name: row.actorName,
    actingAsUserId: row.actingAsUserId,
  },
  target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
  lead:
    row.leadId && row.lead
      ? {
          _id: row.leadId,
          name: row.lead.name,
          propertyID: row.lead.propertyId,
          pmsLeadId: row.lead.pmsLeadId,
        }
      : null,
  before: row.before,
  after: row.after,
  ip: row.ip,
  requestId: row.requestId,
});

export const listAudit = async (
  db: Db,
  companyId: string,
  { cursor, limit, ...filter }: AuditQuery,
): Promise<AuditPage> => {
  const rows = await listAuditRows(
    db,
    companyId,
    filter,
    cursor ? decodeCursor(cursor) : undefined,
    limit + 1,
  );
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(toAuditEntry),
    nextCursor:
      rows.length > limit && last ? encodeCursor({ date: last.occurredAt, id: last.id }) : null,
  };
};

const EXPORT_BATCH = 1_000;

/** Every entry the filters select, newest first, fetched a keyset batch at a time. */
async function* auditRowsOf(db: Db, companyId: string, filter: AuditFilter) {
  let after: { date: Date; id: string } | undefined;
  for (;;) {
    const rows = await listAuditRows(db, companyId, filter, after, EXPORT_BATCH);
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < EXPORT_BATCH || !last) return;
    after = { date: last.occurredAt, id: last.id };
  }
}

export const AUDIT_CSV_COLUMNS = [
  'time',
  'action',
  'actor',
  'actor type',
  'lead',
  'target',
  'before',
  'after',
  'ip',
  'request id',
] as const;

/** The CSV export: a stream, so a long trail is never held in memory at once. */
export const auditCsv = (db: Db, companyId: string, filter: AuditFilter) => {
  const csv = stringify({
    header: true,
    columns: [...AUDIT_CSV_COLUMNS],
    cast: { string: escapeCsvFormula },
  });
  void (async () => {
    try {
      for await (const row of auditRowsOf(db, companyId, filter)) {
        const entry = toAuditEntry(row);
        const ok = csv.write([
          entry.occurredAt,
          auditActionLabels[entry.action] ?? entry.action,
          entry.actor.name ?? '',
          entry.actor.type,
          entry.lead?.name ?? '',
          entry.target ? `${entry.target.type} ${entry.target.id}` : '',
          entry.before ? JSON.stringify(entry.before) : '',
          entry.after ? JSON.stringify(entry.after) : '',
          entry.ip ?? '',
          entry.requestId ?? '',
        ]);
        if (!ok) await new Promise((resolve) => csv.once('drain', resolve));
      }
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  })();
  return csv;
};
