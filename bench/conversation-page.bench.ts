// First conversation page (50 events) of the 2,000- and 10,000-event demo leads under 100 concurrent
// clients (autocannon), against a floor route that runs the same query (with its company check) and
// JSON.stringify of its rows, with no auth; and the plain JSON route /api/config against a bare node:http server
// answering the same JSON. The app runs as in production (RESPONSE_VALIDATION=false).
// Usage: npm run bench:page
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.js';
import { seedDemo } from '../apps/server/src/db/seed/seed.js';
import { listConversationEventRows } from '../apps/server/src/modules/conversation/index.js';
import { openFreshPostgres, testConfig } from '../apps/server/src/test/test-app.js';

const CONNECTIONS = 100;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const pgBase =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

const load = async (url: string, headers: Record<string, string> = {}) => {
  // Warm up (JIT, connection pool, caches) before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
};

const database = await openFreshPostgres(pgBase, { poolSize: 20 });
const app = await buildApp({
  config: testConfig({ NODE_ENV: 'production', RESPONSE_VALIDATION: 'false' }),
  database,
});
const floor = createServer((request, response) => {
  const query = new URL(request.url ?? '/', 'http://floor').searchParams;
  const lead = { leadId: query.get('lead') ?? '', companyId: query.get('company') ?? '' };
  listConversationEventRows(database.db, lead, 50).then(
    (rows) => {
      response.setHeader('content-type', 'application/json; charset=utf-8');
      response.end(JSON.stringify(rows));
    },
    () => {
      response.statusCode = 500;
      response.end();
    },
  );
});
let configJson = '';
const bareConfig = createServer((_request, response) => {
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.end(configJson);
});
// The same bare server sending every header the app sends (security headers, request id, cache):
// what the headers alone cost, apart from the framework.
let appHeaders: Record<string, string> = {};
const bareConfigWithHeaders = createServer((_request, response) => {
  for (const [name, value] of Object.entries(appHeaders)) response.setHeader(name, value);
  response.end(configJson);
});
try {
  await seedDemo(database.db);
  // The seed's bulk writes settle before anything is measured: vacuumed, analysed and flushed, so
  // no autovacuum or checkpoint lands in the first measured run.
  await database.sql.executeSql('vacuum analyze');
  await database.sql.executeSql('checkpoint');
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const floorUrl = await listen(floor);
  const configAnswer = await app.inject({ method: 'GET', url: '/api/config' });
  configJson = configAnswer.body;
  appHeaders = Object.fromEntries(
    Object.entries(configAnswer.headers)
      .filter(([name]) => !['content-length', 'date', 'connection', 'keep-alive'].includes(name))
      .map(([name, value]) => [name, String(value)]),
  );
  const bareConfigUrl = await listen(bareConfig);
  const bareConfigWithHeadersUrl = await listen(bareConfigWithHeaders);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'demo@leasing.test', password: 'leasing-demo' },
  });
  const auth = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
  const { companyID } = (await app.inject({ method: 'GET', url: '/api/me', headers: auth })).json<{
    companyID: string;
  }>();
  const properties = (
    await app.inject({ method: 'GET', url: '/api/properties', headers: auth })
  ).json<{ _id: string }[]>();
  const ids: Record<string, string> = {};
  for (const property of properties) {
    const page = (
      await app.inject({
        method: 'GET',
        url: `/api/properties/${property._id}/leads?limit=200`,
        headers: auth,
      })
    ).json<{ items: { _id: string; name: string }[] }>();
    for (const lead of page.items) ids[lead.name] = lead._id;
  }

  const rows: string[] = [];
  const results: Record<
    string,
    { api: Awaited<ReturnType<typeof load>>; floor: Awaited<ReturnType<typeof load>> }
  > = {};
  for (const [label, name] of [
    ['2,000 events', 'Ethan Wilson'],
    ['10,000 events', 'Zoe Park'],
  ] as const) {
    const leadId = ids[name]!;
    const api = await load(`${appUrl}/api/leads/${leadId}/conversations?limit=50`, auth);
    const bare = await load(`${floorUrl}/?lead=${leadId}&company=${companyID}`);
    results[label] = { api, floor: bare };
    rows.push(
      `| ${label} | ${api.p50} ms | ${api.p99} ms | ${Math.round(api.rps)} | ${bare.p50} ms | ${bare.p99} ms | ${Math.round(bare.rps)} | ${(api.p99 / Math.max(bare.p99, 1)).toFixed(2)}× | ${(api.rps / bare.rps).toFixed(2)}× |`,
    );
  }
  const small = results['2,000 events']!;
  const large = results['10,000 events']!;
  console.log(
    `GET /api/leads/:leadID/conversations?limit=50, ${CONNECTIONS} connections for ${DURATION_SECONDS} s each, PostgreSQL`,
  );
  console.log(
    '| lead | API p50 | API p99 | API req/s | floor p50 | floor p99 | floor req/s | API/floor p99 | API/floor req/s |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  rows.forEach((row) => console.log(row));
  console.log(
    `p99 ratio 10,000 / 2,000 events (API): ${(large.api.p99 / Math.max(small.api.p99, 1)).toFixed(2)}×`,
  );
  const config = await load(`${appUrl}/api/config`);
  const bare = await load(bareConfigUrl);
  const bareWithHeaders = await load(bareConfigWithHeadersUrl);
  console.log('GET /api/config against a bare node:http server answering the same JSON');
  console.log('| server | p50 | p99 | req/s |');
  console.log('|---|---|---|---|');
  console.log(`| bare node:http | ${bare.p50} ms | ${bare.p99} ms | ${Math.round(bare.rps)} |`);
  console.log(
    `| bare node:http, the app's ${Object.keys(appHeaders).length} headers | ${bareWithHeaders.p50} ms | ${bareWithHeaders.p99} ms | ${Math.round(bareWithHeaders.rps)} |`,
  );
  console.log(
    `| app /api/config | ${config.p50} ms | ${config.p99} ms | ${Math.round(config.rps)} |`,
  );
  console.log(`app / bare req/s: ${(config.rps / bare.rps).toFixed(2)}×`);
  console.log(
    `app / bare with the app's headers req/s: ${(config.rps / bareWithHeaders.rps).toFixed(2)}×`,
  );
} finally {
  bareConfig.close();
  bareConfigWithHeaders.close();
  floor.close();
  await app.close();
  await database.close();
}
