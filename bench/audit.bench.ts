// The Audit page's keyset read on PostgreSQL with 1,000,000 audit rows: p50/p99 of the first page,
// a page ~900,000 rows in, and pages filtered by action and by person, through the service's own
// `listAudit`, against a floor measured in the same run: fetching 51 rows by primary key, the least
// any page of 50 (plus the look-ahead row) can cost. EXPLAIN shows each read's plan.
// Usage: npm run bench:audit   (PostgreSQL from BENCH_DATABASE_URL, else DATABASE_URL, else the
// local server; BENCH_ROWS, BENCH_RUNS to change it)
import { sql } from 'drizzle-orm';
import { listAudit } from '../apps/server/src/modules/audit/index.js';
import { encodeCursor } from '../apps/server/src/lib/cursor.js';
import { applyMigrations } from '../apps/server/src/db/migrate.js';
import { openFreshPostgres } from '../apps/server/src/test/test-app.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
const PAGE = 50;
/** The measured company's share; three smaller companies share the rest. */
const MAIN_SHARE = 0.95;
const DEEP = Math.floor(ROWS * 0.9);
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
  return { p50: percentile(timings, 50), p99: percentile(timings, 99) };
};

const database = await openFreshPostgres(pgBase, { poolSize: 4 });
try {
  await applyMigrations(database);
  const { db } = database;
  const started = Date.now();
  const companies = (
    await db.execute<{ id: string }>(sql`
      insert into companies (name) select 'Audit Bench ' || g from generate_series(1, 4) as g
      returning id`)
  ).rows.map((row) => row.id);
  const main = companies[0]!;
  // Twelve colleagues per company (stable ids from md5), every action in turn, one row every
  // 30 s going back (~a year), a lead on a third of them. Row g belongs to the main company unless
  // it falls in the others' 5 %.
  await db.execute(sql`
    insert into audit_log (event_id, company_id, occurred_at, action, actor_type, actor_user_id,
                           actor_name, target_type, target_id, lead_id, after, ip)
    select gen_random_uuid(),
           (${sql.raw(`array['${companies.join("'::uuid,'")}'::uuid]`)})[c],
           now() - g * interval '30 seconds',
           (array['auth.signed_in','auth.sign_in_failed','message.created','note.added',
                  'decision.completed','lead.created','lead.updated','timeline.event_added',
                  'payment_link.changed','access_link.created','api_key.created',
                  'api_key.revoked','number.added','number.removed','property.upserted'])[g % 15 + 1],
           'user',
           md5('user' || c || '-' || (g % 12))::uuid,
           'Bench User ' || (g % 12),
           'lead', g::text,
           case when g % 3 = 0 then md5('lead' || c || '-' || (g % 5000))::uuid end,
           jsonb_build_object('channel', 'SMS'),
           '203.0.113.' || (g % 250)
    from generate_series(1, ${ROWS}) as g,
         lateral (select case when g % 100 < ${Math.round(MAIN_SHARE * 100)} then 1
                              else 2 + g % 3 end as c) as pick`);
  await db.execute(sql`analyze audit_log`);
  const [counts] = (
    await db.execute<{ all: string; main: string }>(sql`
      select count(*) as all, count(*) filter (where company_id = ${main}) as main
      from audit_log`)
  ).rows;
  console.log(
    `generated in ${((Date.now() - started) / 1000).toFixed(0)} s: ${counts!.all} rows, ${counts!.main} in the measured company`,
  );

  const [deepRow] = (
    await db.execute<{ occurred_at: string; id: string }>(sql`
      select occurred_at, id from audit_log where company_id = ${main}
      order by occurred_at desc, id desc offset ${DEEP} limit 1`)
  ).rows;
  const deepCursor = encodeCursor({ date: new Date(deepRow!.occurred_at), id: deepRow!.id });
  const someUser = (await db.execute<{ id: string }>(sql`select md5('user1-7')::uuid as id`))
    .rows[0]!.id;
  const pageIds = (
    await db.execute<{ id: string }>(sql`
      select id from audit_log where company_id = ${main} order by random() limit ${PAGE + 1}`)
  ).rows.map((row) => row.id);

  const page = (query: Parameters<typeof listAudit>[2]) => async () => {
    const result = await listAudit(db, main, query);
    if (result.items.length !== PAGE) throw new Error(`page of ${result.items.length}`);
  };
  const cases = [
    ['listAudit, first page', page({ limit: PAGE })],
    [
      `listAudit, page ~${DEEP.toLocaleString('en-US')} rows in`,
      page({ limit: PAGE, cursor: deepCursor }),
    ],
    ['listAudit, action = note.added', page({ limit: PAGE, action: 'note.added' })],
    ['listAudit, one person', page({ limit: PAGE, userId: someUser })],
    [
      'listAudit, one person, last 30 days',
      page({
        limit: PAGE,
        userId: someUser,
        from: new Date(Date.now() - 30 * 86_400_000).toISOString(),
      }),
    ],
    [
      'floor: 51 rows by primary key',
      () =>
        db.execute(
          sql`select * from audit_log where id = any(${sql.raw(`array['${pageIds.join("','")}']::uuid[]`)})`,
        ),
    ],
  ] as const;

  const results: { name: string; p50: number; p99: number }[] = [];
  for (const [name, work] of cases) results.push({ name, ...(await time(work)) });
  const floor = results.at(-1)!;

  const plan = async (where: ReturnType<typeof sql>) =>
    (
      await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, costs off, timing off)
        select audit_log.*, leads.name from audit_log
        left join leads on leads.id = audit_log.lead_id and leads.company_id = ${main}
        where audit_log.company_id = ${main} ${where}
        order by audit_log.occurred_at desc, audit_log.id desc limit ${PAGE + 1}`)
    ).rows
      .map((row) => `    ${row['QUERY PLAN']}`)
      .join('\n');

  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(`\naudit: ${ROWS.toLocaleString('en-US')} rows, PostgreSQL, ${RUNS} runs each\n`);
  console.log('| read | p50 | p99 | p50 / floor | p99 / floor |');
  console.log('| ---- | --- | --- | ----------- | ----------- |');
  for (const { name, p50, p99 } of results) {
    console.log(
      `| ${name} | ${ms(p50)} | ${ms(p99)} | ${(p50 / floor.p50).toFixed(2)}× | ${(p99 / floor.p99).toFixed(2)}× |`,
    );
  }
  console.log(`\nplan, first page:\n${await plan(sql``)}`);
  console.log(
    `\nplan, deep page:\n${await plan(sql`and (audit_log.occurred_at, audit_log.id) < (${deepRow!.occurred_at}::timestamptz, ${deepRow!.id}::uuid)`)}`,
  );
  console.log(`\nplan, by action:\n${await plan(sql`and action = 'note.added'`)}`);
  console.log(`\nplan, by person:\n${await plan(sql`and actor_user_id = ${someUser}`)}`);
} finally {
  await database.close();
}
process.exit(0);
