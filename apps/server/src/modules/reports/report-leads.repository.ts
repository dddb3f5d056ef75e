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

/** One lead of the export, its times already written on the company's clock. */
export type ExportRow = {
  id: string;
  created_at_key: string;
  name: string;
  property: string;
  source: string | null;
  owner_kind: string;
  owner_name: string | null;
  status: string;
  created: string;
  tour_date: string | null;
  first_inbound: string | null;
  first_response: string | null;
  office_minutes: string | null;
  wall_minutes: string | null;
  contacted: string | null;
  tour_scheduled: string | null;
  toured: string | null;
  applied: string | null;
  leased: string | null;
  lost: string | null;
  lost_reason: string | null;
  tour_outcome: string | null;
};

/**
 * One page of the per-lead export, newest first. PostgreSQL writes the times (in `timeZone`) and
 * the minutes: a hundred thousand rows cost no date arithmetic in the process.
 */
export const listExportRows = async (
  db: Db,
  scope: ReportScope,
  condition: SQL,
  timeZone: string,
  after: LeadsCursor | undefined,
  limit: number,
): Promise<ExportRow[]> => {
  const page = after
    ? sql` and (l.created_at, l.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const local = (column: SQL) =>
    sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI')`;
  const { rows } = await db.execute<ExportRow>(
    sql`select l.id, ${createdAtKey} as created_at_key, l.name, p.name as property,
      s.name as source, l.owner_kind::text as owner_kind, l.owner_name, l.status::text as status,
      ${local(sql`l.created_at`)} as created, ${local(sql`l.tour_date_utc`)} as tour_date,
      ${local(sql`f.first_inbound_at`)} as first_inbound,
      ${local(sql`f.first_response_at`)} as first_response,
      round(f.first_response_office_minutes::numeric, 1)::text as office_minutes,
      round((extract(epoch from (f.first_response_at - f.first_inbound_at)) / 60)::numeric, 1)::text
        as wall_minutes,
      ${local(sql`f.contacted_at`)} as contacted, ${local(sql`f.tour_scheduled_at`)} as tour_scheduled,
      ${local(sql`f.toured_at`)} as toured, ${local(sql`f.applied_at`)} as applied,
      ${local(sql`f.leased_at`)} as leased, ${local(sql`f.lost_at`)} as lost, f.lost_reason,
      f.tour_outcome
    from ${FROM}
    where ${scopeCondition(scope)} and ${condition}${page}
    order by l.created_at desc, l.id desc limit ${limit}`,
  );
  return rows;
};
