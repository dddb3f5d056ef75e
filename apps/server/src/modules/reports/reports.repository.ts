import { sql, type SQL } from 'drizzle-orm';
import type { FunnelCounts, ReportGrouping, SpeedFigures } from '@leasing/contract';
import type { Db } from '../../db/client.js';

/**
 * The reports' reads: the leads (their property, source, owner, status, follow-up) joined to their
 * facts (lead_report_facts), never the timeline. `l` is the lead, `f` its facts (absent: nothing
 * reached yet), `p` its property and `s` its source.
 */

/** Whose leads: one person's, the assistant's, nobody's. */
export type OwnerKey = { kind: 'user'; userId: string } | { kind: 'assistant' | 'unassigned' };

export type ReportScope = {
  companyId: string;
  propertyId?: string;
  owner?: OwnerKey;
};

export type Span = { startAt: Date; endAt: Date };

const iso = (date: Date) => date.toISOString();

export const ownerCondition = (owner: OwnerKey | undefined): SQL =>
  !owner
    ? sql``
    : owner.kind === 'user'
      ? sql` and l.owner_kind = 'user' and l.owner_user_id = ${owner.userId}`
      : sql` and l.owner_kind = ${owner.kind}`;

export const scopeCondition = (scope: ReportScope): SQL =>
  sql`l.company_id = ${scope.companyId}${
    scope.propertyId ? sql` and l.property_id = ${scope.propertyId}` : sql``
  }${ownerCondition(scope.owner)}`;

export const inSpan = (column: SQL, span: Span): SQL =>
  sql`(${column} >= ${iso(span.startAt)}::timestamptz and ${column} < ${iso(span.endAt)}::timestamptz)`;

const FROM = sql`leads l
  left join lead_report_facts f on f.lead_id = l.id
  join properties p on p.id = l.property_id
  left join lead_sources s on s.id = l.source_id`;

/** A group's key (the value the leads list filters on) and its name. */
export const groupKey = (groupBy: ReportGrouping | null): { key: SQL; label: SQL } => {
  switch (groupBy) {
    case 'property':
      return { key: sql`l.property_id::text`, label: sql`p.name` };
    case 'source':
      return {
        key: sql`coalesce(l.source_id::text, 'none')`,
        label: sql`coalesce(s.name, 'No source')`,
      };
    case 'owner':
      return {
        key: sql`case when l.owner_kind = 'user' then 'user:' || l.owner_user_id::text else l.owner_kind::text end`,
        label: sql`case l.owner_kind when 'user' then coalesce(l.owner_name, 'Former colleague') when 'assistant' then 'Assistant' else 'Unassigned' end`,
      };
    default:
      return { key: sql`'all'`, label: sql`'All'` };
  }
};

/** Leads of one group of a grouping. */
export const groupCondition = (groupBy: ReportGrouping, group: string): SQL =>
  sql` and ${groupKey(groupBy).key} = ${group}`;

export const STEP_COLUMN = {
  contacted: sql`f.contacted_at`,
  tour_scheduled: sql`f.tour_scheduled_at`,
  toured: sql`f.toured_at`,
  applied: sql`f.applied_at`,
  leased: sql`f.leased_at`,
  lost: sql`f.lost_at`,
} as const;

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: SQL) => (await db.execute<Row>(query)).rows;
const int = (value: unknown) => Number(value ?? 0);
const numberOrNull = (value: unknown) =>
  value === null || value === undefined ? null : Number(value);

export type Grouped<T> = { key: string; label: string; figures: T };

const funnelOf = (row: Row): FunnelCounts => ({
  leads: int(row.leads),
  contacted: int(row.contacted),
  tour_scheduled: int(row.tour_scheduled),
  toured: int(row.toured),
  applied: int(row.applied),
  leased: int(row.leased),
  lost: int(row.lost),
});

/** Leads created in the span, and how far they got (cohort). */
export const funnelCohort = async (
  db: Db,
  scope: ReportScope,
  span: Span,
  groupBy: ReportGrouping | null,
): Promise<Grouped<FunnelCounts>[]> => {
  const { key, label } = groupKey(groupBy);
  const rows = await rowsOf(
    db,
    sql`select ${key} as key, ${label} as label, count(*) as leads,
      count(f.contacted_at) as contacted, count(f.tour_scheduled_at) as tour_scheduled,
      count(f.toured_at) as toured, count(f.applied_at) as applied, count(f.leased_at) as leased,
      count(f.lost_at) as lost
    from ${FROM}
    where ${scopeCondition(scope)} and ${inSpan(sql`l.created_at`, span)}
    group by 1, 2 order by 3 desc, 2`,
  );
  return rows.map((row) => ({
    key: String(row.key),
    label: String(row.label),
    figures: funnelOf(row),
  }));
};

/** The steps that happened in the span, whenever their leads came (activity). */
export const funnelActivity = async (
  db: Db,
  scope: ReportScope,
  span: Span,
  groupBy: ReportGrouping | null,
): Promise<Grouped<FunnelCounts>[]> => {
  const { key, label } = groupKey(groupBy);
  const counted = (column: SQL) => sql`count(*) filter (where ${inSpan(column, span)})`;
  const rows = await rowsOf(
    db,
    sql`select * from (
      select ${key} as key, ${label} as label, ${counted(sql`l.created_at`)} as leads,
        ${counted(STEP_COLUMN.contacted)} as contacted,
        ${counted(STEP_COLUMN.tour_scheduled)} as tour_scheduled,
        ${counted(STEP_COLUMN.toured)} as toured, ${counted(STEP_COLUMN.applied)} as applied,
        ${counted(STEP_COLUMN.leased)} as leased, ${counted(STEP_COLUMN.lost)} as lost
      from ${FROM}
      where ${scopeCondition(scope)}
      group by 1, 2) as g
    where leads + contacted + tour_scheduled + toured + applied + leased + lost > 0
    order by leads desc, label`,
  );
  return rows.map((row) => ({
    key: String(row.key),
    label: String(row.label),
    figures: funnelOf(row),
  }));
};

/** Lost leads by reason: of the cohort (created in the span), or lost in the span. */
export const lostByReason = async (
  db: Db,
  scope: ReportScope,
  span: Span,
  view: 'cohort' | 'activity',
) => {
  const when =
    view === 'cohort'
      ? sql`${inSpan(sql`l.created_at`, span)} and f.lost_at is not null`
      : inSpan(STEP_COLUMN.lost, span);
  const rows = await rowsOf(
    db,
    sql`select coalesce(f.lost_reason, 'Other') as reason, count(*) as count
    from ${FROM} where ${scopeCondition(scope)} and ${when}
    group by 1 order by 2 desc, 1`,
  );
  return rows.map((row) => ({ reason: String(row.reason), count: int(row.count) }));
};

const wallMinutes = sql`extract(epoch from (f.first_response_at - f.first_inbound_at)) / 60.0`;

const speedColumns = (targetMinutes: number) => sql`count(*) as arrived,
  count(f.first_response_at) as answered,
  percentile_cont(0.5) within group (order by f.first_response_office_minutes) as median,
  percentile_cont(0.9) within group (order by f.first_response_office_minutes) as p90,
  percentile_cont(0.5) within group (order by ${wallMinutes}) as median_wall,
  count(*) filter (where f.first_response_office_minutes <= ${targetMinutes}) as within_target,
  count(*) filter (where f.first_response_office_minutes <= 5) as within_5,
  count(*) filter (where f.first_response_office_minutes <= 60) as within_60`;

const speedOf = (row: Row): SpeedFigures => ({
  arrived: int(row.arrived),
  answered: int(row.answered),
  neverAnswered: int(row.arrived) - int(row.answered),
  medianMinutes: numberOrNull(row.median),
  p90Minutes: numberOrNull(row.p90),
  medianWallMinutes: numberOrNull(row.median_wall),
  withinTarget: int(row.within_target),
  within5Minutes: int(row.within_5),
  withinHour: int(row.within_60),
});

export const EMPTY_SPEED: SpeedFigures = speedOf({});

/** Who answered first: the assistant, or people (staff, or a key acting for them). */
export const responderCondition = (responder: 'assistant' | 'people' | undefined): SQL =>
  responder === 'assistant'
    ? sql` and f.first_responder_kind = 'assistant'`
    : responder === 'people'
      ? sql` and f.first_response_at is not null and f.first_responder_kind <> 'assistant'`
      : sql``;

/** Speed-to-lead of the leads whose first message arrived in the span. */
export const speedToLead = async (
  db: Db,
  scope: ReportScope,
  span: Span,
  targetMinutes: number,
  groupBy: ReportGrouping | null,
  responder?: 'assistant' | 'people',
): Promise<Grouped<SpeedFigures>[]> => {
  const { key, label } = groupKey(groupBy);
  const rows = await rowsOf(
    db,
    sql`select ${key} as key, ${label} as label, ${speedColumns(targetMinutes)}
    from ${FROM}
    where ${scopeCondition(scope)} and ${inSpan(sql`f.first_inbound_at`, span)}${responderCondition(responder)}
    group by 1, 2 order by 3 desc, 2`,
  );
  return rows.map((row) => ({
    key: String(row.key),
    label: String(row.label),
    figures: speedOf(row),
  }));
};

/** When leads arrive (weekday × hour in the zone) and how long they wait. */
export const speedHeatmap = async (db: Db, scope: ReportScope, span: Span, timeZone: string) => {
  const local = sql`(f.first_inbound_at at time zone ${timeZone})`;
  const rows = await rowsOf(
    db,
    sql`select extract(isodow from ${local})::int as weekday, extract(hour from ${local})::int as hour,
      count(*) as arrived,
      percentile_cont(0.5) within group (order by f.first_response_office_minutes) as median
    from ${FROM}
    where ${scopeCondition(scope)} and ${inSpan(sql`f.first_inbound_at`, span)}
    group by 1, 2 order by 1, 2`,
  );
  return rows.map((row) => ({
    weekday: int(row.weekday),
    hour: int(row.hour),
    arrived: int(row.arrived),
    medianMinutes: numberOrNull(row.median),
  }));
};

export const OPEN = sql`l.status not in ('LEASED', 'LOST')`;
export const noContactSince = (cutoff: Date) =>
  sql`coalesce(f.last_outbound_at, l.created_at) < ${iso(cutoff)}::timestamptz`;
export const overdueAt = (now: Date) => sql`l.follow_up_at < ${iso(now)}::timestamptz`;
export const silentSince = (cutoff: Date) =>
  sql`coalesce(l.last_message_at, l.created_at) < ${iso(cutoff)}::timestamptz`;

export type FollowUpCutoffs = { now: Date; noContact: Date; silent: Date };

/** Follow-up discipline by owner: open leads now, and touches before tours scheduled in the span. */
export const followUpByOwner = async (
  db: Db,
  scope: ReportScope,
  span: Span,
  cutoffs: FollowUpCutoffs,
) => {
  const { key, label } = groupKey('owner');
  const rows = await rowsOf(
    db,
    sql`select * from (
      select ${key} as key, ${label} as label,
        count(*) filter (where ${OPEN}) as open,
        count(*) filter (where ${OPEN} and ${noContactSince(cutoffs.noContact)}) as no_contact,
        count(*) filter (where ${OPEN} and ${overdueAt(cutoffs.now)}) as overdue,
        count(*) filter (where ${OPEN} and ${silentSince(cutoffs.silent)}) as silent,
        count(*) filter (where ${inSpan(STEP_COLUMN.tour_scheduled, span)}) as tours,
        sum(f.touches_before_tour) filter (where ${inSpan(STEP_COLUMN.tour_scheduled, span)}) as touches
      from ${FROM} where ${scopeCondition(scope)}
      group by 1, 2) as g
    where open + tours > 0 order by open desc, label`,
  );
  return rows.map((row) => ({
    key: String(row.key),
    label: String(row.label),
    open: int(row.open),
    noContact48h: int(row.no_contact),
    overdueFollowUps: int(row.overdue),
    silent7d: int(row.silent),
    toursScheduled: int(row.tours),
    touches: int(row.touches),
  }));
};

/** A group's name as the reports show it (null: no lead of the company is in it). */
export const groupLabelOf = async (
  db: Db,
  companyId: string,
  groupBy: ReportGrouping,
  group: string,
): Promise<string | null> => {
  const { key, label } = groupKey(groupBy);
  const row = (
    await rowsOf(
      db,
      sql`select ${label} as label from ${FROM} where l.company_id = ${companyId} and ${key} = ${group} limit 1`,
    )
  )[0];
  return row ? String(row.label) : null;
};
