// The free tour slots of a property (GET /api/properties/:id/tour-slots, three weeks of in-person
// slots) with 200 properties and 50,000 booked tours, p50/p95 over HTTP one request at a time,
// against a floor: a bare node:http server of its own that runs the same count of booked places
// (the route's one query on the tours table) and sends the same answer's bytes.
// Usage: npm run bench:tour-slots   (BENCH_PROPERTIES, BENCH_TOURS, BENCH_RUNS)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { apiPaths, DEFAULT_TOUR_AVAILABILITY } from '@leasing/contract';
import { buildApp } from '../apps/server/src/app.js';
import { seedDemo } from '../apps/server/src/db/seed/seed.js';
import { createFreshPostgres, testConfig } from '../apps/server/src/test/test-app.js';
import { openDatabase } from '../apps/server/src/db/client.js';

const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 200);
const TOURS = Number(process.env.BENCH_TOURS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 400);
const WARMUP = 40;
const DAYS = 21;
const pgBase =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

/** p50 and p95 of `RUNS` requests, one at a time, round the properties (after a warm-up). */
const measure = async (urlOf: (index: number) => string, headers: Record<string, string>) => {
  const timings: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i += 1) {
    const started = process.hrtime.bigint();
    const response = await fetch(urlOf(i), { headers });
    if (!response.ok) throw new Error(`${urlOf(i)}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    if (i >= WARMUP) timings.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p95: percentile(timings, 95) };
};

const fresh = await createFreshPostgres(pgBase);
const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 10 });
const app = await buildApp({
  config: testConfig({ NODE_ENV: 'production', RESPONSE_VALIDATION: 'false' }),
  database,
});
const floorPool = new pg.Pool({ connectionString: fresh.url, max: 4 });
try {
  await seedDemo(database.db);
  const { db } = database;
  const generated = Date.now();
  const [company] = (
    await db.execute<{ id: string }>(sql`select id from companies where name = 'Demo Leasing'`)
  ).rows;
  const companyId = company!.id;
  // Properties on UTC with the default office hours (9 AM to 6 PM), so the booked tours below sit
  // on their slots' grid (every 45 minutes from 9:00) and count against them.
  await db.execute(sql`
    insert into properties (company_id, pms_property_id, name, time_zone)
    select ${companyId}, 'BENCH-P' || g, 'Bench Property ' || g, 'UTC'
    from generate_series(1, ${PROPERTIES}) as g`);
  await db.execute(sql`
    insert into tour_availability (company_id, property_id, settings)
    select ${companyId}, id, ${JSON.stringify({ ...DEFAULT_TOUR_AVAILABILITY, maxDaysAhead: DAYS + 1 })}::jsonb
    from properties where pms_property_id like 'BENCH-P%'`);
  // One lead per tour; each property's tours on distinct slots of the next three weeks (place 1).
  await db.execute(sql`
    insert into leads (company_id, property_id, pms_lead_id, name, phone)
    select ${companyId}, p.id, 'BENCH-L' || g, 'Bench Lead ' || g, '+1737' || lpad(g::text, 7, '0')
    from generate_series(0, ${TOURS - 1}) as g
    join lateral (select id from properties where pms_property_id = 'BENCH-P' || (g % ${PROPERTIES} + 1)) as p on true`);
  await db.execute(sql`
    insert into tours (company_id, property_id, lead_id, kind, starts_at, ends_at, place, source)
    select l.company_id, l.property_id, l.id, 'IN_PERSON',
           t.starts_at, t.starts_at + interval '30 minutes', 1, 'STAFF'
    from leads l
    cross join lateral (select substring(l.pms_lead_id from 8)::int / ${PROPERTIES} as i) as n
    cross join lateral (
      select date_trunc('day', now()) + interval '1 day' * (1 + n.i % ${DAYS})
             + interval '9 hours' + interval '45 minutes' * ((n.i / ${DAYS}) % 12) as starts_at
    ) as t
    where l.pms_lead_id like 'BENCH-L%'`);
  await db.execute(sql`analyze`);
  const [counts] = (
    await db.execute<{ tours: string; properties: string }>(
      sql`select (select count(*) from tours) as tours, (select count(*) from properties) as properties`,
    )
  ).rows;
  console.log(
    `generated in ${((Date.now() - generated) / 1000).toFixed(0)} s: ${counts!.properties} properties, ${counts!.tours} tours`,
  );
  const propertyIds = (
    await db.execute<{ id: string }>(
      sql`select id from properties where pms_property_id like 'BENCH-P%' order by pms_property_id`,
    )
  ).rows.map((row) => row.id);

  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({
    method: 'POST',
    url: apiPaths.login,
    payload: { email: 'demo@leasing.test', password: 'leasing-demo' },
  });
  const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
  const from = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
  const to = new Date(from.getTime() + DAYS * 86_400_000);
  const query = new URLSearchParams({
    from: from.toISOString(),
    to: to.toISOString(),
    type: 'IN_PERSON',
  });
  const slotsUrl = (index: number) =>
    `${appUrl}${apiPaths.propertyTourSlots(propertyIds[index % propertyIds.length]!)}?${query}`;

  // What each property answers (read once), for the floor to send as it is.
  const answers = new Map<string, Buffer>();
  let slotCount = 0;
  for (const id of propertyIds) {
    const response = await fetch(`${appUrl}${apiPaths.propertyTourSlots(id)}?${query}`, {
      headers,
    });
    const body = Buffer.from(await response.arrayBuffer());
    answers.set(id, body);
    slotCount += (JSON.parse(body.toString()) as { items: unknown[] }).items.length;
  }
  const floor = createServer((request, response) => {
    const id = new URL(request.url ?? '/', 'http://floor').searchParams.get('property') ?? '';
    floorPool
      .query(
        `select starts_at, count(*) from tours
         where property_id = $1 and kind = 'IN_PERSON' and starts_at >= $2 and starts_at < $3
           and status <> 'CANCELLED'
         group by starts_at`,
        [id, from, to],
      )
      .then(
        () => {
          response.setHeader('content-type', 'application/json; charset=utf-8');
          response.end(answers.get(id));
        },
        () => {
          response.statusCode = 500;
          response.end();
        },
      );
  });
  const floorUrl = await listen(floor);

  const api = await measure(slotsUrl, headers);
  const bare = await measure(
    (index) => `${floorUrl}/?property=${propertyIds[index % propertyIds.length]}`,
    {},
  );
  floor.close();
  console.log(
    `${propertyIds.length} properties, ${slotCount / propertyIds.length} free slots each on average (${DAYS} days), ${RUNS} requests one at a time`,
  );
  console.log('| server | p50 | p95 |');
  console.log('| --- | --- | --- |');
  console.log(`| the app | ${api.p50.toFixed(1)} ms | ${api.p95.toFixed(1)} ms |`);
  console.log(`| floor | ${bare.p50.toFixed(1)} ms | ${bare.p95.toFixed(1)} ms |`);
  console.log(`app / floor p95: ${(api.p95 / bare.p95).toFixed(2)}×`);
} finally {
  await floorPool.end();
  await app.close();
  await database.close();
  await fresh.drop();
}
