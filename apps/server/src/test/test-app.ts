import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { DnsResolver } from '../lib/dns-resolver.js';
import { loadConfig, type AppConfig } from '../config.js';
import type { Clock } from '../lib/clock.js';
import type { SendWindow } from '../modules/scheduling/index.js';
import { openDatabase, type Database } from '../db/client.js';
import { openTestPglite } from './pglite-template.js';
import { administer, databaseUrl, POSTGRES_TEMPLATE_ENV } from './postgres-template.js';

export type DatabaseTarget = { name: 'pglite' | 'postgres'; open: () => Promise<Database> };

export type FreshPostgres = {
  /** The new database's connection URL, for this process and child processes alike. */
  url: string;
  drop: () => Promise<void>;
};

/**
 * A new database on the PostgreSQL server of `baseUrl`: a copy of the run's migrated template when
 * there is one, and always empty when `empty` (a test of the migrations themselves).
 */
export const createFreshPostgres = async (
  baseUrl: string,
  { empty = false }: { empty?: boolean } = {},
): Promise<FreshPostgres> => {
  const name = `leasing_test_${randomBytes(6).toString('hex')}`;
  const template = empty ? undefined : process.env[POSTGRES_TEMPLATE_ENV];
  await administer(baseUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    url: databaseUrl(baseUrl, name),
    drop: () => administer(baseUrl, `drop database if exists ${name} with (force)`),
  };
};

/** A fresh database on the PostgreSQL server of `baseUrl` (see `createFreshPostgres`), dropped when closed. */
export const openFreshPostgres = async (
  baseUrl: string,
  { poolSize = 5, empty = false }: { poolSize?: number; empty?: boolean } = {},
): Promise<Database> => {
  const fresh = await createFreshPostgres(baseUrl, { empty });
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize });
  return {
    ...database,
    close: async () => {
      await database.close();
      await fresh.drop();
    },
  };
};

let announced = false;

/**
 * Both engines, for a test of what differs between them: PGlite always, and PostgreSQL too when
 * DATABASE_URL is set (CI sets it). The SQL is the same engine's; what differs is the driver (how
 * values come back), connections (a pool, simultaneous transactions, locks) and the job queue. So
 * a test of concurrency, locking, the queue, raw-SQL results or migrations runs on both; every
 * other test runs once (`oneDatabase`). Without DATABASE_URL this says so once.
 */
export const everyDatabase = (): DatabaseTarget[] => {
  const pgUrl = process.env.DATABASE_URL;
  if (!pgUrl && !announced) {
    announced = true;
    console.warn(
      'PostgreSQL integration runs skipped: DATABASE_URL is not set (CI sets it); PGlite runs only.',
    );
  }
  return [
    { name: 'pglite', open: openTestPglite },
    ...(pgUrl ? [{ name: 'postgres' as const, open: () => openFreshPostgres(pgUrl) }] : []),
  ];
};

/**
 * One engine, for a test whose behaviour is the same on both: PostgreSQL when DATABASE_URL is set
 * (CI: the engine production runs, and a third less time than PGlite's WebAssembly on two cores),
 * PGlite otherwise (a developer's `npm test`, the embedded default).
 */
export const oneDatabase = (): DatabaseTarget[] => {
  const pgUrl = process.env.DATABASE_URL;
  return pgUrl
    ? [{ name: 'postgres', open: () => openFreshPostgres(pgUrl) }]
    : [{ name: 'pglite', open: openTestPglite }];
};

/**
 * A fresh database with no migration applied, for a test of a migration itself (other targets start
 * from the run's migrated template).
 */
export const openEmptyDatabase = (target: DatabaseTarget): Promise<Database> =>
  target.name === 'pglite'
    ? openDatabase({ kind: 'pglite', dataDir: undefined })
    : openFreshPostgres(process.env.DATABASE_URL!, { empty: true });

let workerDataDir: string | undefined;

/**
 * A data directory (media, the SMTP certificate) of this test process's own, removed when it
 * exits: tests running side by side never share files, and none lands in the repository's .data.
 */
const testDataDir = () => {
  if (!workerDataDir) {
    const dir = mkdtempSync(join(tmpdir(), 'leasing-test-data-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    workerDataDir = dir;
  }
  return workerDataDir;
};

export const testConfig = (env: Record<string, string> = {}): AppConfig =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: testDataDir(),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    REFRESH_REUSE_GRACE_SECONDS: '0',
    PUBLIC_URL: 'http://localhost:3000',
    // Tests that need the SMTP listener give it a free port.
    INBOUND_SMTP_PORT: '0',
    ...env,
  });

export type TestApp = { app: FastifyInstance; database: Database; close: () => Promise<void> };

export type StartTestAppOptions = {
  /**
   * The database starts empty, and tests build their rows with `factories.ts`: the demo seed is
   * the demo's, and no test depends on it. (`'none'` is the only choice; saying it is optional.)
   */
  seed?: 'none';
  /** The clock that issues and expires sign-in tokens (see `test-clock.ts`). */
  now?: Clock;
  /**
   * DNS answers for inbound sender verification (SPF, DKIM keys, DMARC). Tests never reach real DNS:
   * by default every name has no records, so unsigned mail is neither verified nor failed.
   */
  dnsResolver?: DnsResolver;
  /** When scheduled messages may leave (the send window seam); unset allows every moment. */
  sendWindow?: SendWindow;
};

/** A DNS without records, on the machine: every lookup answers "no such name". */
export const noDnsRecords: DnsResolver = (name) =>
  Promise.reject(Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' }));

/** Log lines of requests that failed with a 500, to stderr; every other line is dropped. */
const requestFailures = {
  write: (line: string) => {
    if (line.includes('"msg":"request failed"')) process.stderr.write(line);
  },
};

/** The real application on a fresh, empty database. */
export const startTestApp = async (
  target: DatabaseTarget,
  env: Record<string, string> = {},
  { now, dnsResolver = noDnsRecords, sendWindow }: StartTestAppOptions = {},
): Promise<TestApp> => {
  const database = await target.open();
  const app = await buildApp({
    // Only a request that failed on our side is written (to stderr): a test that meets an
    // unexpected 500 shows its cause beside the failed assertion.
    config: testConfig({ LOG_LEVEL: 'error', ...env }),
    logStream: env.LOG_LEVEL ? undefined : requestFailures,
    database,
    now,
    dnsResolver,
    sendWindow,
  });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};

/** Signs in with credentials a test made (`createUser`, `createOffice`): there is no demo user. */
export const login = async (
  app: FastifyInstance,
  credentials: { email: string; password: string },
) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: credentials,
  });
  if (response.statusCode !== 200)
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'refresh_token');
  return { token: response.json<{ token: string }>().token, refreshCookie: cookie?.value ?? '' };
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A port nothing listens on right now, for servers that must know their URL before they start. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
