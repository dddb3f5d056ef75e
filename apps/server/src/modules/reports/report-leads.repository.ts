import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { scopeCondition, type ReportScope } from './reports.repository.js';

/** A lead's creation to the microsecond (a JavaScript date keeps milliseconds only). */
const createdAtKey = sql`to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A place in the leads list: newest created first. */
export type LeadsCursor = { createdAt: string; id: string };

const FROM = sql`leads l
  left join lead_report_facts f on f.lead_id = l.id
  join properties p on p.id = l.property_id
  left join lead_sources s on s.id = l.source_id`;

/** The leads a figure counts (its condition after the scope), newest first, keyset paged. */
export const listFigureLeadIds = async (
  db: Db,
  scope: ReportScope,
  condition: SQL,
  after: LeadsCursor | undefined,
  limit: number,
) => {
  const page = after
    ? sql` and (l.created_at, l.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const { rows } = await db.execute<{ id: string; created_at: string }>(
    sql`select l.id, ${createdAtKey} as created_at from ${FROM}
    where ${scopeCondition(scope)} and ${condition}${page}
    order by l.created_at desc, l.id desc limit ${limit + 1}`,
  );
  return rows;
};

export const countFigureLeads = async (db: Db, scope: ReportScope, condition: SQL) =>
  Number(
    (
      await db.execute<{ count: number }>(
        sql`select count(*) as count from ${FROM} where ${scopeCondition(scope)} and ${condition}`,
      )
    ).rows[0]?.count ?? 0,
  );

export type ExportRow = {
  id: string;
  created_at_key: string;
  name: string;
  property: string;
  source: string | null;
  owner_kind: string;
  owner_name: string | null;
  status: string;
  created_at: Date;
  tour_date_utc: Date | null;
  first_inbound_at: Date | null;
  first_response_at: Date | null;
  first_response_office_minutes: number | null;
  contacted_at: Date | null;
  tour_scheduled_at: Date | null;
  toured_at: Date | null;
  applied_at: Date | null;
  leased_at: Date | null;
  lost_at: Date | null;
  lost_reason: string | null;
  tour_outcome: string | null;
};

/** One page of the per-lead export (its rows in full), newest first. */
export const listExportRows = async (
  db: Db,
  scope: ReportScope,
  condition: SQL,
  after: LeadsCursor | undefined,
  limit: number,
): Promise<ExportRow[]> => {
  const page = after
    ? sql` and (l.created_at, l.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const { rows } = await db.execute<ExportRow>(
    sql`select l.id, ${createdAtKey} as created_at_key, l.name, p.name as property,
      s.name as source, l.owner_kind::text as owner_kind, l.owner_name, l.status::text as status,
      l.created_at, l.tour_date_utc, f.first_inbound_at, f.first_response_at,
      f.first_response_office_minutes, f.contacted_at, f.tour_scheduled_at, f.toured_at,
      f.applied_at, f.leased_at, f.lost_at, f.lost_reason, f.tour_outcome
    from ${FROM}
    where ${scopeCondition(scope)} and ${condition}${page}
    order by l.created_at desc, l.id desc limit ${limit}`,
  );
  return rows;
};
