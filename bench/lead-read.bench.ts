// GET of the 2,000-event demo lead (Ethan Wilson): embedded PGlite against PostgreSQL in one run.
// Usage: npm run bench   (PostgreSQL from BENCH_DATABASE_URL, else DATABASE_URL, else the local server)
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { seedDemo } from '../apps/server/src/db/seed/seed.js';
import { openFreshPostgres, testConfig } from '../apps/server/src/test/test-app.js';

const WARMUP = 30;
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const pgBase =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

const measure = async (database: Database) => {
  const app = await buildApp({ config: testConfig(), database });
  try {
    await seedDemo(app.database.db);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'demo@leasing.test', password: 'leasing-demo' },
    });
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const properties = (await app.inject({ method: 'GET', url: '/api/properties', headers })).json<
      { _id: string; name: string }[]
    >();
    const summit = properties.find((p) => p.name === 'The Summit at Oak Hill')!;
    const url = `/api/properties/${summit._id}/leads/L-5008`;
    const timings: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i += 1) {
      const start = process.hrtime.bigint();
      const response = await app.inject({ method: 'GET', url, headers });
      const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
      if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode}`);
      if (i >= WARMUP) timings.push(elapsed);
    }
    timings.sort((a, b) => a - b);
    return { p50: percentile(timings, 50), p99: percentile(timings, 99) };
  } finally {
    await app.close();
  }
};

const pglite = await openDatabase({ kind: 'pglite', dataDir: undefined });
const embedded = await measure(pglite);
await pglite.close();

const postgres = await openFreshPostgres(pgBase);
let server;
try {
  server = await measure(postgres);
} finally {
  await postgres.close();
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
console.log(
  `GET lead with 2,000 events (latest 50 + notes), ${RUNS} runs after ${WARMUP} warm-up, in-process inject`,
);
console.log(`| database | p50 | p99 |`);
console.log(`|---|---|---|`);
console.log(`| PGlite (embedded) | ${fmt(embedded.p50)} | ${fmt(embedded.p99)} |`);
console.log(`| PostgreSQL 15 (local) | ${fmt(server.p50)} | ${fmt(server.p99)} |`);
console.log(
  `| ratio PGlite / PostgreSQL | ${(embedded.p50 / server.p50).toFixed(2)}× | ${(embedded.p99 / server.p99).toFixed(2)}× |`,
);
