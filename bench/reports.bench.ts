// The reports on PostgreSQL with 100,000 leads and 2,000,000 timeline events: each report over 90
// days (the funnel in both views and grouped, speed-to-lead grouped by owner with its heat map,
// follow-up discipline, the leads behind a figure) through the service the routes call, against a
// floor measured in the same run: the bare SQL aggregate over the same facts (one statement that
// counts the funnel's steps, or the speed-to-lead percentiles, of the same leads), the least any
// report of those figures can cost. Then the CSV of every lead, streamed, with the process's peak
// memory, and the rebuild of every lead's facts from the timeline (what an upgrade runs once).
// Usage: npm run bench:reports   (PostgreSQL from BENCH_DATABASE_URL, else DATABASE_URL, else the
// local server; BENCH_LEADS, BENCH_EVENTS_PER_LEAD, BENCH_RUNS to change it)
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  completeOfficeMinutes,
  followUpReport,
  funnelReport,
  leadsCsv,
  rebuildLeadFacts,
  reportLeads,
  speedToLeadReport,
  type ReportViewer,
} from '../apps/server/src/modules/reports/index.js';
import { applyMigrations } from '../apps/server/src/db/migrate.js';
import { openFreshPostgres } from '../apps/server/src/test/test-app.js';

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const EVENTS_PER_LEAD = Number(process.env.BENCH_EVENTS_PER_LEAD ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARMUP = 10;
const pgBase =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const time = async (work: () => Promise<unknown>) => {
  const timings: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i += 1) {
    const start = process.hrtime.bigint();
    await work();
    if (i >= WARMUP) timings.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p95: percentile(timings, 95) };
};
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

const database = await openFreshPostgres(pgBase, { poolSize: 4 });
try {
  await applyMigrations(database);
  const { db } = database;
  let started = Date.now();
  const [company, other] = (
    await db.execute<{ id: string }>(sql`
      insert into companies (name, time_zone) values ('Reports Bench', 'America/Chicago'),
        ('Other Company', 'America/New_York') returning id`)
  ).rows.map((row) => row.id);
  const properties = (
    await db.execute<{ id: string }>(sql`
      insert into properties (company_id, pms_property_id, name)
      select ${company}, 'RB-' || g, 'Property ' || g from generate_series(1, 8) as g returning id`)
  ).rows.map((row) => row.id);
  const otherProperty = (
    await db.execute<{ id: string }>(sql`
      insert into properties (company_id, pms_property_id, name)
      values (${other}, 'OTHER-1', 'Elsewhere') returning id`)
  ).rows[0]!.id;
  const agents = (
    await db.execute<{ id: string; name: string }>(sql`
      insert into users (company_id, email, name, role)
      select ${company}, 'agent' || g || '@bench.test', 'Agent ' || g, 'agent'
      from generate_series(1, 12) as g returning id, name`)
  ).rows;
  const sources = (
    await db.execute<{ id: string }>(sql`select id from lead_sources where company_id = ${company}`)
  ).rows.map((row) => row.id);
  const list = (ids: string[]) => sql.raw(`array['${ids.join("','")}']::uuid[]`);
  const names = (values: string[]) =>
    sql.raw(`array['${values.map((value) => value.replaceAll("'", "''")).join("','")}']::text[]`);

  // Leads over the last year (1 in 20 at the other company), a third owned by an agent, some by
  // the assistant; statuses along the pipeline.
  await db.execute(sql`
    insert into leads (company_id, property_id, pms_lead_id, name, phone, created_at, owner_kind,
                       owner_user_id, owner_name, source_id, status, status_changed_at,
                       lost_reason, follow_up_at)
    select case when g % 20 = 0 then ${other}::uuid else ${company}::uuid end,
           case when g % 20 = 0 then ${otherProperty}::uuid else (${list(properties)})[1 + g % 8] end,
           'RB-L-' || g, 'Bench Lead ' || g, '+1555' || lpad(g::text, 7, '0'),
           now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute',
           case when g % 20 = 0 then 'unassigned' when g % 3 = 0 then 'user'
                when g % 3 = 1 then 'assistant' else 'unassigned' end::lead_owner_kind,
           case when g % 20 <> 0 and g % 3 = 0 then (${list(agents.map((a) => a.id))})[1 + g % 12] end,
           case when g % 20 <> 0 and g % 3 = 0 then (${names(agents.map((a) => a.name))})[1 + g % 12] end,
           case when g % 20 <> 0 then (${list(sources)})[1 + g % ${sources.length}] end,
           (array['NEW','CONTACTED','CONTACTED','TOUR_SCHEDULED','TOURED','APPLIED','LEASED',
                  'LOST'])[1 + g % 8]::lead_status,
           now() - (g % 365) * interval '1 day' + interval '3 days',
           case when g % 8 = 7 then 'Price' end,
           case when g % 11 = 0 then now() - interval '1 day' end
    from generate_series(1, ${LEADS}) as g`);
  console.log(`${LEADS} leads in ${seconds(started)}`);

  // The timeline, loaded without the inbox trigger (a bench, not a history): per lead, its first
  // message, then replies and messages every few hours, and its status changes.
  started = Date.now();
  await db.execute(sql`alter table conversation_events disable trigger user`);
  await db.execute(sql`
    insert into conversation_events (company_id, lead_id, event_type, date, body, sender_type,
                                     sending_status, sent_by_user_id, data)
    select l.company_id, l.id, 'SMS', l.created_at + (n * (37 + l.created_at_minute % 300)) * interval '1 minute',
           'Message ' || n,
           case when n % 2 = 0 then 'LEAD' when l.owner_kind = 'assistant' then 'ASSISTANT'
                else 'USER' end::sender_type,
           case when n % 2 = 0 then null else 'COMPLETED' end::sending_status,
           case when n % 2 = 1 then l.owner_user_id end,
           '{}'::jsonb
    from (select *, extract(minute from created_at)::int as created_at_minute from leads) as l,
         generate_series(0, ${EVENTS_PER_LEAD - 3}) as n
    where not (l.status = 'NEW' and n % 2 = 1)`);
  await db.execute(sql`
    insert into conversation_events (company_id, lead_id, event_type, date, body, sender_type, data)
    select l.company_id, l.id, 'LEAD_STATUS_CHANGE', l.created_at + s.n * interval '1 day',
           'Status change', 'SYSTEM', jsonb_build_object('before', 'NEW', 'after', s.status)
    from leads l,
         lateral (values (1, 'TOUR_SCHEDULED'), (2, l.status::text)) as s(n, status)
    where l.status not in ('NEW', 'CONTACTED')`);
  await db.execute(sql`alter table conversation_events enable trigger user`);
  const [{ events }] = (
    await db.execute<{ events: string }>(sql`select count(*) as events from conversation_events`)
  ).rows as [{ events: string }];
  console.log(`${events} events in ${seconds(started)}`);

  started = Date.now();
  await db.transaction(async (tx) => {
    await rebuildLeadFacts(tx);
    await completeOfficeMinutes(tx);
  });
  const rebuildTime = seconds(started);
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`);
  console.log(`facts rebuilt from the timeline in ${rebuildTime}`);

  const viewer: ReportViewer = { kind: 'api-key', companyId: company! };
  const deps = { db, now: () => new Date() };
  const today = DateTime.now().setZone('America/Chicago');
  const range = {
    from: today.minus({ days: 89 }).toISODate()!,
    to: today.toISODate()!,
  };
  // The report shows each figure beside the previous period of the same length: the floor counts
  // the same figures of the same facts, both periods, in one statement.
  const startOf = (day: string) =>
    DateTime.fromISO(day, { zone: 'America/Chicago' }).toJSDate().toISOString();
  const previousStart = startOf(today.minus({ days: 179 }).toISODate()!);
  const start = startOf(range.from);
  const end = today.plus({ days: 1 }).startOf('day').toJSDate().toISOString();
  const period = (column: string, from: string, to: string) =>
    `${column} >= '${from}'::timestamptz and ${column} < '${to}'::timestamptz`;
  const steps = [
    'contacted_at',
    'tour_scheduled_at',
    'toured_at',
    'applied_at',
    'leased_at',
    'lost_at',
  ];
  const funnelColumns = (from: string, to: string) =>
    sql.raw(
      [
        `count(*) filter (where ${period('l.created_at', from, to)})`,
        ...steps.map(
          (step) => `count(f.${step}) filter (where ${period('l.created_at', from, to)})`,
        ),
      ].join(', '),
    );
  const floorFunnel = () =>
    db.execute(sql`
      select ${funnelColumns(start, end)}, ${funnelColumns(previousStart, start)}
      from leads l left join lead_report_facts f on f.lead_id = l.id
      where l.company_id = ${company} and l.created_at >= ${previousStart}::timestamptz
        and l.created_at < ${end}::timestamptz`);
  // Speed to lead shows, for both periods, and for the assistant's and people's first responses,
  // counts, the median, the 90th percentile and the wall-clock median, and a heat map of the
  // range: the floor computes those same figures from the facts alone, the heat map beside them.
  const speedColumns = (from: string, to: string, also = '') => {
    const when = `${period('first_inbound_at', from, to)}${also}`;
    return sql.raw(`count(*) filter (where ${when}), count(first_response_at) filter (where ${when}),
      percentile_cont(0.5) within group (order by first_response_office_minutes) filter (where ${when}),
      percentile_cont(0.9) within group (order by first_response_office_minutes) filter (where ${when}),
      percentile_cont(0.5) within group (order by first_response_at - first_inbound_at) filter (where ${when}),
      count(*) filter (where ${when} and first_response_office_minutes <= 15),
      count(*) filter (where ${when} and first_response_office_minutes <= 5),
      count(*) filter (where ${when} and first_response_office_minutes <= 60)`);
  };
  const allSpeedColumns = sql.join(
    [
      speedColumns(start, end),
      speedColumns(previousStart, start),
      speedColumns(start, end, " and first_responder_kind = 'assistant'"),
      speedColumns(
        start,
        end,
        " and first_response_at is not null and first_responder_kind <> 'assistant'",
      ),
    ],
    sql`, `,
  );
  const heatCells = () =>
    db.execute(sql`
      select extract(isodow from first_inbound_at at time zone 'America/Chicago'),
             extract(hour from first_inbound_at at time zone 'America/Chicago'), count(*),
             percentile_cont(0.5) within group (order by first_response_office_minutes)
      from lead_report_facts
      where company_id = ${company} and first_inbound_at >= ${start}::timestamptz
        and first_inbound_at < ${end}::timestamptz
      group by 1, 2`);
  const floorSpeed = () =>
    Promise.all([
      db.execute(sql`
        select ${allSpeedColumns}
        from lead_report_facts
        where company_id = ${company} and first_inbound_at >= ${previousStart}::timestamptz
          and first_inbound_at < ${end}::timestamptz`),
      heatCells(),
    ]);

  const floorFunnelBySource = () =>
    db.execute(sql`
      select l.source_id, ${funnelColumns(start, end)}, ${funnelColumns(previousStart, start)}
      from leads l left join lead_report_facts f on f.lead_id = l.id
      where l.company_id = ${company} and l.created_at >= ${previousStart}::timestamptz
        and l.created_at < ${end}::timestamptz
      group by rollup (l.source_id)`);
  const activityColumns = (from: string, to: string) =>
    sql.raw(
      ['l.created_at', ...steps.map((step) => `f.${step}`)]
        .map((column) => `count(*) filter (where ${period(column, from, to)})`)
        .join(', '),
    );
  const floorActivity = () =>
    db.execute(sql`
      select ${activityColumns(start, end)}, ${activityColumns(previousStart, start)}
      from leads l left join lead_report_facts f on f.lead_id = l.id
      where l.company_id = ${company}`);
  const floorSpeedByOwner = () =>
    Promise.all([
      db.execute(sql`
        select l.owner_user_id, ${allSpeedColumns}
        from lead_report_facts f join leads l on l.id = f.lead_id
        where f.company_id = ${company} and first_inbound_at >= ${previousStart}::timestamptz
          and first_inbound_at < ${end}::timestamptz
        group by rollup (l.owner_user_id)`),
      heatCells(),
    ]);

  // Each read, and the floor it is held against (null: a floor itself).
  const cases: [string, () => Promise<unknown>, string | null][] = [
    ['floor: funnel, one aggregate', floorFunnel, null],
    ['floor: funnel by source, one aggregate', floorFunnelBySource, null],
    ['floor: activity, one aggregate', floorActivity, null],
    ['floor: speed-to-lead, its aggregates', floorSpeed, null],
    ['floor: speed-to-lead by owner, its aggregates', floorSpeedByOwner, null],
    [
      'funnel, cohort',
      () => funnelReport(deps, viewer, { ...range, view: 'cohort' }),
      'floor: funnel, one aggregate',
    ],
    [
      'funnel, cohort by source',
      () => funnelReport(deps, viewer, { ...range, view: 'cohort', groupBy: 'source' }),
      'floor: funnel by source, one aggregate',
    ],
    [
      'funnel, activity',
      () => funnelReport(deps, viewer, { ...range, view: 'activity' }),
      'floor: activity, one aggregate',
    ],
    [
      'funnel, one agent',
      () =>
        funnelReport(deps, viewer, { ...range, view: 'cohort', owner: `user:${agents[0]!.id}` }),
      'floor: funnel, one aggregate',
    ],
    [
      'speed-to-lead',
      () => speedToLeadReport(deps, viewer, range),
      'floor: speed-to-lead, its aggregates',
    ],
    [
      'speed-to-lead by owner (and the heat map)',
      () => speedToLeadReport(deps, viewer, { ...range, groupBy: 'owner' }),
      'floor: speed-to-lead by owner, its aggregates',
    ],
    [
      'follow-up discipline',
      () => followUpReport(deps, viewer, range),
      'floor: activity, one aggregate',
    ],
    [
      'leads behind "toured", first page',
      () => reportLeads(deps, viewer, { ...range, view: 'cohort', figure: 'toured', limit: 50 }),
      'floor: funnel, one aggregate',
    ],
  ];
  const results = new Map<string, { p50: number; p95: number }>();
  for (const [name, work] of cases) results.set(name, await time(work));
  console.log('\n| read | p50 | p95 | p95 / its floor |');
  console.log('| --- | --- | --- | --- |');
  for (const [name, , floorName] of cases) {
    const row = results.get(name)!;
    const floor = floorName ? results.get(floorName)! : null;
    console.log(
      `| ${name} | ${row.p50.toFixed(1)} ms | ${row.p95.toFixed(1)} ms | ${floor ? `${(row.p95 / floor.p95).toFixed(2)}×` : ''} |`,
    );
  }

  // The export: every lead of the company created in the last year, streamed.
  started = Date.now();
  const before = process.memoryUsage().rss;
  let peak = before;
  const yearAgo = today.minus({ days: 365 }).toISODate()!;
  const csv = await leadsCsv(deps, viewer, {
    from: yearAgo,
    to: range.to,
    rows: 'leads',
    view: 'cohort',
  });
  let lines = 0;
  let bytes = 0;
  for await (const chunk of csv) {
    const text = String(chunk);
    bytes += text.length;
    lines += text.split('\n').length - 1;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  console.log(
    `\nCSV: ${lines - 1} leads, ${(bytes / 1e6).toFixed(1)} MB in ${seconds(started)}; RSS ${(before / 1e6).toFixed(0)} MB before, at most ${(peak / 1e6).toFixed(0)} MB while streaming`,
  );
} finally {
  await database.close();
}
process.exit(0);
