// The dashboard inbox on PostgreSQL with 100,000 leads and 2,000,000 events: p50/p99 of the first
// page and of a deep page (50,000 leads in) of GET /api/inbox, against a primary-key lookup of one
// lead in the same run.
// Usage: npm run bench:inbox   (PostgreSQL from BENCH_DATABASE_URL, else DATABASE_URL, else the
// local server; BENCH_LEADS, BENCH_EVENTS_PER_LEAD, BENCH_RUNS to change it)
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { seedDemo } from '../apps/server/src/db/seed/seed.js';
import { openFreshPostgres, testConfig } from '../apps/server/src/test/test-app.js';

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const EVENTS_PER_LEAD = Number(process.env.BENCH_EVENTS_PER_LEAD ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
const DEEP = Math.floor(LEADS / 2);
const PAGE = 50;
const pgBase =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
type Timing = { p50: number; p99: number };
const time = async (runs: number, work: () => Promise<void>): Promise<Timing> => {
  const timings: number[] = [];
  for (let i = 0; i < WARMUP + runs; i += 1) {
    const start = process.hrtime.bigint();
    await work();
    if (i >= WARMUP) timings.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p99: percentile(timings, 99) };
};

const database = await openFreshPostgres(pgBase, { poolSize: 8 });
const app = await buildApp({ config: testConfig(), database });
try {
  await seedDemo(app.database.db);
  const { db } = app.database;
  const started = Date.now();
  const [company] = (
    await db.execute<{ id: string }>(sql`select id from companies where name = 'Demo Leasing'`)
  ).rows;
  // Leads across the company's three properties; 1 % with an open decision; a year of activity.
  await db.execute(sql`
    insert into leads (company_id, property_id, pms_lead_id, name, phone, email,
                       office_decision_status, last_activity_at)
    select ${company!.id}, p.id, 'B-' || g, 'Bench Lead ' || g,
           '+1737' || lpad(g::text, 7, '0'), 'bench' || g || '@example.com',
           case when g % 100 = 0 then 'PENDING'::office_decision_status end,
           now() - (g % 525600) * interval '1 minute'
    from generate_series(1, ${LEADS}) as g
    join lateral (select id from properties where company_id = ${company!.id}
                  order by name offset (g % 3) limit 1) as p on true`);
  // Events in bulk with the inbox trigger off, then the inbox columns set to what it would have set.
  await db.execute(
    sql`alter table conversation_events disable trigger conversation_events_touch_leads`,
  );
  await db.execute(sql`
    insert into conversation_events (company_id, lead_id, event_type, date, body, sender_name,
                                     sender_type)
    select l.company_id, l.id, case when e % 7 = 0 then 'EMAIL' else 'SMS' end::event_type,
           l.last_activity_at - (e * interval '1 hour'), 'Bench message ' || e, l.name,
           case when e % 2 = 0 then 'LEAD' else 'USER' end::sender_type
    from leads l cross join generate_series(0, ${EVENTS_PER_LEAD - 1}) as e
    where l.pms_lead_id like 'B-%'`);
  await db.execute(
    sql`alter table conversation_events enable trigger conversation_events_touch_leads`,
  );
  // Each generated lead's newest event is e = 0: an email from the lead, at its last activity.
  await db.execute(sql`
    update leads set last_message_at = last_activity_at, last_message_channel = 'EMAIL',
      last_message_preview = 'Bench message 0', last_message_from_lead = true,
      last_inbound_at = last_activity_at, awaiting_since = last_activity_at,
      follow_up_at = case when substring(pms_lead_id from 3)::int % 10 = 0
                          then now() + interval '1 day' end
    where pms_lead_id like 'B-%'`);
  // Owners: 1 in 4 the signed-in admin's, 1 in 4 the assistant's, the rest unassigned.
  await db.execute(sql`
    update leads set
      owner_kind = case substring(pms_lead_id from 3)::int % 4
                     when 0 then 'user' when 1 then 'assistant' else 'unassigned' end::lead_owner_kind,
      owner_user_id = case when substring(pms_lead_id from 3)::int % 4 = 0
                           then (select id from users where email = 'demo@leasing.test') end
    where pms_lead_id like 'B-%'`);
  await db.execute(sql`analyze`);
  const [counts] = (
    await db.execute<{ leads: string; events: string }>(
      sql`select (select count(*) from leads) as leads, (select count(*) from conversation_events) as events`,
    )
  ).rows;
  console.log(
    `generated in ${((Date.now() - started) / 1000).toFixed(0)} s: ${counts!.leads} leads, ${counts!.events} events`,
  );

  // Signed in again before each phase: walking 1,000 pages on a busy machine can outlast a token.
  const headers = { authorization: '' };
  const signIn = async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'demo@leasing.test', password: 'leasing-demo' },
    });
    headers.authorization = `Bearer ${login.json<{ token: string }>().token}`;
  };
  await signIn();
  const inbox = async (cursor?: string, filter?: string, view?: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/inbox?limit=${PAGE}${filter ? `&filter=${filter}` : ''}${view ? `&view=${view}` : ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      headers,
    });
    if (response.statusCode !== 200)
      throw new Error(`inbox: ${response.statusCode} ${response.body}`);
    return response.json<{ items: { _id: string }[]; nextCursor: string | null }>();
  };

  // Walk to the deep page once, as a reader scrolling would, to get its cursor.
  let cursor: string | null = null;
  for (let seen = 0; seen < DEEP; seen += PAGE)
    cursor = (await inbox(cursor ?? undefined)).nextCursor;
  const deepCursor = cursor!;
  // The same for 'Needs reply' (filter `awaiting`), 9 in 10 generated leads (1 in 10 has a
  // follow-up ahead, which keeps it out).
  cursor = null;
  await signIn();
  for (let seen = 0; seen < DEEP; seen += PAGE)
    cursor = (await inbox(cursor ?? undefined, 'awaiting')).nextCursor;
  const deepAwaitingCursor = cursor!;
  const [someLead] = (
    await db.execute<{ id: string }>(sql`select id from leads where pms_lead_id = ${'B-' + DEEP}`)
  ).rows;

  await signIn();
  const first = await time(RUNS, async () => void (await inbox()));
  const deep = await time(RUNS, async () => void (await inbox(deepCursor)));
  await signIn();
  const awaitingFirst = await time(RUNS, async () => void (await inbox(undefined, 'awaiting')));
  const awaitingDeep = await time(
    RUNS,
    async () => void (await inbox(deepAwaitingCursor, 'awaiting')),
  );
  // The owner views: first page, and a page halfway into each view (its cursor walked once).
  const views: { view: string; first: Timing; deep: Timing; depth: number }[] = [];
  for (const view of ['mine', 'unassigned', 'assistant']) {
    await signIn();
    const depth = Math.floor(((view === 'unassigned' ? 2 : 1) * LEADS) / 4 / 2);
    let viewCursor: string | null = null;
    for (let seen = 0; seen < depth; seen += PAGE)
      viewCursor = (await inbox(viewCursor ?? undefined, undefined, view)).nextCursor;
    const deepViewCursor = viewCursor!;
    await signIn();
    views.push({
      view,
      depth,
      first: await time(RUNS, async () => void (await inbox(undefined, undefined, view))),
      deep: await time(RUNS, async () => void (await inbox(deepViewCursor, undefined, view))),
    });
  }
  const pk = await time(RUNS, async () => {
    await db.execute(sql`select * from leads where id = ${someLead!.id}`);
  });
  const plan = (
    await db.execute<{ 'QUERY PLAN': string }>(sql`explain select id from leads
      where company_id = ${company!.id}
      order by decision_open desc, last_activity_at desc, id desc limit ${PAGE + 1}`)
  ).rows
    .map((row) => row['QUERY PLAN'])
    .join('\n');
  const awaitingPlan = (
    await db.execute<{ 'QUERY PLAN': string }>(sql`explain select id from leads
      where company_id = ${company!.id} and needs_reply
        and (follow_up_at is null or follow_up_at <= now())
      order by decision_open desc, last_activity_at desc, id desc limit ${PAGE + 1}`)
  ).rows
    .map((row) => row['QUERY PLAN'])
    .join('\n');

  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(`\ninbox: ${LEADS} leads, ${LEADS * EVENTS_PER_LEAD} generated events, PostgreSQL\n`);
  console.log('| request                                   | p50      | p99      |');
  console.log('| ----------------------------------------- | -------- | -------- |');
  console.log(
    `| GET /api/inbox, first page (50)           | ${ms(first.p50)} | ${ms(first.p99)} |`,
  );
  console.log(`| GET /api/inbox, page at ${DEEP} leads     | ${ms(deep.p50)} | ${ms(deep.p99)} |`);
  console.log(
    `| awaiting (Needs reply), first page (50)   | ${ms(awaitingFirst.p50)} | ${ms(awaitingFirst.p99)} |`,
  );
  console.log(
    `| awaiting, page at ${DEEP} leads           | ${ms(awaitingDeep.p50)} | ${ms(awaitingDeep.p99)} |`,
  );
  for (const { view, depth, first: f, deep: d } of views) {
    console.log(`| view=${view}, first page (50)          | ${ms(f.p50)} | ${ms(f.p99)} |`);
    console.log(`| view=${view}, page at ${depth} leads   | ${ms(d.p50)} | ${ms(d.p99)} |`);
  }
  console.log(`| SQL primary-key lookup of one lead        | ${ms(pk.p50)} | ${ms(pk.p99)} |`);
  console.log(
    `\np99 against this run's first page: deep ${(deep.p99 / first.p99).toFixed(2)}×, awaiting ${(awaitingFirst.p99 / first.p99).toFixed(2)}× / ${(awaitingDeep.p99 / first.p99).toFixed(2)}×, ` +
      views
        .map(
          (v) =>
            `${v.view} ${(v.first.p99 / first.p99).toFixed(2)}× / ${(v.deep.p99 / first.p99).toFixed(2)}×`,
        )
        .join(', '),
  );
  console.log(`\nplan of the inbox order:\n${plan}`);
  console.log(`\nplan of 'awaiting':\n${awaitingPlan}`);
} finally {
  await app.close();
  await database.close();
}
process.exit(0);
