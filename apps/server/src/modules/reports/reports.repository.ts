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

/** The leads and their facts, with the property or source joined only for a grouping by it. */
const fromOf = (groupBy: ReportGrouping | null = null) =>
  sql`leads l left join lead_report_facts f on f.lead_id = l.id${
    groupBy === 'property' ? sql` join properties p on p.id = l.property_id` : sql``
  }${groupBy === 'source' ? sql` left join lead_sources s on s.id = l.source_id` : sql``}`;

/**
 * The answered side: facts first (their own company, property and first-message index), then each
 * one's lead for its owner and grouping. For figures that only leads with a first message have.
 */
const factsFromOf = (scope: ReportScope, groupBy: ReportGrouping | null = null) =>
  // The lead is read only for what it alone knows: its owner, its source.
  scope.owner || groupBy
    ? sql`lead_report_facts f join leads l on l.id = f.lead_id${
        groupBy === 'property' ? sql` join properties p on p.id = f.property_id` : sql``
      }${groupBy === 'source' ? sql` left join lead_sources s on s.id = l.source_id` : sql``}`
    : sql`lead_report_facts f`;

const factsScopeCondition = (scope: ReportScope): SQL =>
  sql`f.company_id = ${scope.companyId}${
    scope.propertyId ? sql` and f.property_id = ${scope.propertyId}` : sql``
  }${ownerCondition(scope.owner)}`;

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

/** The leads' columns a grouping groups on (its key and label are worked out from them). */
const GROUP_COLUMNS: Record<ReportGrouping | 'none', string[]> = {
  none: [],
  property: ['g.property_id'],
  source: ['g.source_id'],
  owner: ['g.owner_kind', 'g.owner_user_id', 'g.owner_name'],
};

const FUNNEL_STEPS = [
  'leads',
  'contacted',
  'tour_scheduled',
  'toured',
  'applied',
  'leased',
  'lost',
] as const;

const funnelOf = (row: Row, period: 'cur' | 'prev'): FunnelCounts => ({
  leads: int(row[`leads_${period}`]),
  contacted: int(row[`contacted_${period}`]),
  tour_scheduled: int(row[`tour_scheduled_${period}`]),
  toured: int(row[`toured_${period}`]),
  applied: int(row[`applied_${period}`]),
  leased: int(row[`leased_${period}`]),
  lost: int(row[`lost_${period}`]),
});

export type FunnelCountsResult = {
  total: FunnelCounts;
  previous: FunnelCounts;
  groups: Grouped<FunnelCounts>[];
  lostReasons: { reason: string; count: number }[];
};

/**
 * The funnel in one statement, one pass over the leads: the range and the previous period side by
 * side (each count filtered on its period), the groups and the lost reasons as grouping sets.
 * `cohort` counts the leads created in a period that reached each step (ever); `activity` the
 * steps that happened in it.
 */
export const funnelCounts = async (
  db: Db,
  scope: ReportScope,
  view: 'cohort' | 'activity',
  range: Span,
  previous: Span,
  groupBy: ReportGrouping | null,
): Promise<FunnelCountsResult> => {
  const { key, label } = groupKey(groupBy);
  // The outer query reads the subquery's columns (`g`), each step under its facts column's name.
  const column = (step: (typeof FUNNEL_STEPS)[number]) =>
    sql.raw(step === 'leads' ? 'g.created_at' : `g.${step}_at`);
  const counted = (step: (typeof FUNNEL_STEPS)[number], span: Span) =>
    view === 'cohort'
      ? step === 'leads'
        ? sql`count(*) filter (where ${inSpan(sql`g.created_at`, span)})`
        : sql`count(*) filter (where ${inSpan(sql`g.created_at`, span)} and ${column(step)} is not null)`
      : sql`count(*) filter (where ${inSpan(column(step), span)})`;
  const columns = sql.join(
    FUNNEL_STEPS.flatMap((step) => [
      sql`${counted(step, range)} as ${sql.raw(`${step}_cur`)}`,
      sql`${counted(step, previous)} as ${sql.raw(`${step}_prev`)}`,
    ]),
    sql`, `,
  );
  const lostInRange =
    view === 'cohort'
      ? sql`${inSpan(sql`l.created_at`, range)} and f.lost_at is not null`
      : inSpan(STEP_COLUMN.lost, range);
  const whole: Span = { startAt: previous.startAt, endAt: range.endAt };
  // A cohort walks the leads created in the two periods (an index range); activity every lead of
  // the scope that did anything in them.
  const rows =
    view === 'cohort'
      ? sql`${inSpan(sql`l.created_at`, whole)}`
      : sql`greatest(l.created_at, f.contacted_at, f.tour_scheduled_at, f.toured_at, f.applied_at,
          f.leased_at, f.lost_at) >= ${iso(whole.startAt)}::timestamptz`;
  // Grouped on the leads' own columns, then named: the group's key and label (a cast, a join to
  // the property or source) are worked out once per group, not once per lead.
  const groupColumns = sql.raw(GROUP_COLUMNS[groupBy ?? 'none'].join(', '));
  const result = await rowsOf(
    db,
    sql`select l.*, ${key} as key, ${label} as label
    from (
      select ${groupBy ? sql`grouping(${groupColumns})` : sql`0`} as key_bits,
        grouping(g.reason) as by_reason, ${groupBy ? sql`${groupColumns}, ` : sql``}g.reason,
        ${columns}, count(*) filter (where g.lost_in_range) as lost_in_range
      from (
        select l.created_at, f.contacted_at, f.tour_scheduled_at, f.toured_at, f.applied_at,
          f.leased_at, f.lost_at, l.property_id, l.source_id, l.owner_kind, l.owner_user_id,
          l.owner_name, coalesce(f.lost_reason, 'Other') as reason, ${lostInRange} as lost_in_range
        from ${fromOf()}
        where ${scopeCondition(scope)} and ${rows}
      ) as g
      group by grouping sets (${groupBy ? sql`(${groupColumns}), ` : sql``}(), (g.reason))
    ) as l${
      groupBy === 'property' ? sql` left join properties p on p.id = l.property_id` : sql``
    }${groupBy === 'source' ? sql` left join lead_sources s on s.id = l.source_id` : sql``}`,
  );
  // Which grouping set a row is: the groups (key columns grouped), the total, the lost reasons.
  for (const row of result) row.by_key = groupBy && int(row.key_bits) === 0 ? 0 : 1;
  const total = result.find((row) => int(row.by_key) === 1 && int(row.by_reason) === 1);
  return {
    total: total ? funnelOf(total, 'cur') : funnelOf({}, 'cur'),
    previous: total ? funnelOf(total, 'prev') : funnelOf({}, 'prev'),
    groups: groupBy
      ? result
          .filter((row) => int(row.by_key) === 0)
          .map((row) => ({
            key: String(row.key),
            label: String(row.label),
            figures: funnelOf(row, 'cur'),
          }))
          .filter((group) => Object.values(group.figures).some((count) => count > 0))
          .sort((a, b) => b.figures.leads - a.figures.leads || a.label.localeCompare(b.label))
      : [],
    lostReasons: result
      .filter((row) => int(row.by_reason) === 0 && int(row.lost_in_range) > 0)
      .map((row) => ({ reason: String(row.reason), count: int(row.lost_in_range) }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  };
};

const wallMinutes = sql`extract(epoch from (f.first_response_at - f.first_inbound_at)) / 60.0`;

/** The speed figures of the rows `when` selects, as columns named `<prefix>_…`. */
const speedColumns = (targetMinutes: number, when: SQL, prefix: string) => {
  const name = (column: string) => sql.raw(`${prefix}_${column}`);
  const minutes = sql`f.first_response_office_minutes`;
  return sql`count(*) filter (where ${when}) as ${name('arrived')},
  count(f.first_response_at) filter (where ${when}) as ${name('answered')},
  percentile_cont(0.5) within group (order by ${minutes}) filter (where ${when}) as ${name('median')},
  percentile_cont(0.9) within group (order by ${minutes}) filter (where ${when}) as ${name('p90')},
  percentile_cont(0.5) within group (order by ${wallMinutes}) filter (where ${when}) as ${name('median_wall')},
  count(*) filter (where ${when} and ${minutes} <= ${targetMinutes}) as ${name('within_target')},
  count(*) filter (where ${when} and ${minutes} <= 5) as ${name('within_5')},
  count(*) filter (where ${when} and ${minutes} <= 60) as ${name('within_60')}`;
};

const speedOf = (row: Row, prefix: string): SpeedFigures => {
  const value = (column: string) => row[`${prefix}_${column}`];
  return {
    arrived: int(value('arrived')),
    answered: int(value('answered')),
    neverAnswered: int(value('arrived')) - int(value('answered')),
    medianMinutes: numberOrNull(value('median')),
    p90Minutes: numberOrNull(value('p90')),
    medianWallMinutes: numberOrNull(value('median_wall')),
    withinTarget: int(value('within_target')),
    within5Minutes: int(value('within_5')),
    withinHour: int(value('within_60')),
  };
};

export const EMPTY_SPEED: SpeedFigures = speedOf({}, 'x');

/** Who answered first: the assistant, or people (staff, or a key acting for them). */
export const responderCondition = (responder: 'assistant' | 'people' | undefined): SQL =>
  responder === 'assistant'
    ? sql` and f.first_responder_kind = 'assistant'`
    : responder === 'people'
      ? sql` and f.first_response_at is not null and f.first_responder_kind <> 'assistant'`
      : sql``;

export type SpeedResult = {
  total: SpeedFigures;
  previous: SpeedFigures;
  assistant: SpeedFigures;
  people: SpeedFigures;
  groups: Grouped<SpeedFigures>[];
};

/**
 * Speed-to-lead of the leads whose first message arrived in the range, in one statement: the
 * previous period, the assistant's and people's first responses as filtered aggregates, the groups
 * as a grouping set.
 */
export const speedToLead = async (
  db: Db,
  scope: ReportScope,
  range: Span,
  previous: Span,
  targetMinutes: number,
  groupBy: ReportGrouping | null,
): Promise<SpeedResult> => {
  const { key, label } = groupKey(groupBy);
  const current = inSpan(sql`f.first_inbound_at`, range);
  const rows = await rowsOf(
    db,
    sql`select ${groupBy ? sql`grouping(${key})` : sql`1`} as by_key, ${groupBy ? key : sql`null`} as key,
      ${groupBy ? label : sql`null`} as label,
      ${speedColumns(targetMinutes, current, 'cur')},
      ${speedColumns(targetMinutes, inSpan(sql`f.first_inbound_at`, previous), 'prev')},
      ${speedColumns(targetMinutes, sql`${current} and f.first_responder_kind = 'assistant'`, 'assistant')},
      ${speedColumns(targetMinutes, sql`${current} and f.first_response_at is not null and f.first_responder_kind <> 'assistant'`, 'people')}
    from ${factsFromOf(scope, groupBy)}
    where ${factsScopeCondition(scope)}
      and ${inSpan(sql`f.first_inbound_at`, { startAt: previous.startAt, endAt: range.endAt })}
    group by grouping sets (${groupBy ? sql`(${key}, ${label}), ` : sql``}())`,
  );
  const total = rows.find((row) => int(row.by_key) === 1) ?? {};
  return {
    total: speedOf(total, 'cur'),
    previous: speedOf(total, 'prev'),
    assistant: speedOf(total, 'assistant'),
    people: speedOf(total, 'people'),
    groups: groupBy
      ? rows
          .filter((row) => int(row.by_key) === 0 && int(row.cur_arrived) > 0)
          .map((row) => ({
            key: String(row.key),
            label: String(row.label),
            figures: speedOf(row, 'cur'),
          }))
          .sort((a, b) => b.figures.arrived - a.figures.arrived || a.label.localeCompare(b.label))
      : [],
  };
};

/** When leads arrive (weekday × hour in the zone) and how long they wait. */
export const speedHeatmap = async (db: Db, scope: ReportScope, span: Span, timeZone: string) => {
  const local = sql`(f.first_inbound_at at time zone ${timeZone})`;
  const rows = await rowsOf(
    db,
    sql`select extract(isodow from ${local})::int as weekday, extract(hour from ${local})::int as hour,
      count(*) as arrived,
      percentile_cont(0.5) within group (order by f.first_response_office_minutes) as median
    from ${factsFromOf(scope)}
    where ${factsScopeCondition(scope)} and ${inSpan(sql`f.first_inbound_at`, span)}
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
      from ${fromOf('owner')} where ${scopeCondition(scope)}
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
      sql`select ${label} as label from ${fromOf(groupBy)} where l.company_id = ${companyId} and ${key} = ${group} limit 1`,
    )
  )[0];
  return row ? String(row.label) : null;
};
