import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../db/client.js';
import { applyMigrations } from '../db/migrate.js';
import { nodeArgsToRun } from './server-bundle.js';
import { createFreshPostgres, freePort } from './test-app.js';
import { waitUntil } from './wait-until.js';

const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));

/** How long the process may take to answer /readyz (without the run's bundle, tsx compiles first). */
const READY_TIMEOUT_MS = 60_000;
const POLL_MS = 150;

export type ServerProcess = {
  /** Where it listens: `http://127.0.0.1:<port>`, also its PUBLIC_URL. */
  url: string;
  /** What it printed so far, stdout and stderr. */
  log: () => string;
  /** False once it has exited, for whatever reason. */
  running: () => boolean;
  /** Resolves once its log matches `pattern`; rejects when it exits first or none comes in time. */
  waitForLog: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
  /** Stops it as an orchestrator would (SIGTERM) and waits for it to exit. */
  close: () => Promise<void>;
  /** Kills it as a crash would (SIGKILL: no shutdown hooks run) and waits for it to exit. */
  crash: () => Promise<void>;
};

/**
 * The real server (`server.ts`) in a child process on a free loopback port, for tests of several
 * processes. It shares nothing with the test's own process unless `env` says so: DATABASE_URL and
 * REDIS_URL are not inherited. Resolves once `/readyz` answers 200.
 */
export const startServerProcess = async (env: Record<string, string>): Promise<ServerProcess> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.REDIS_URL;
  const child = spawn(process.execPath, nodeArgsToRun(serverEntry), {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      INBOUND_SMTP_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async (signal: NodeJS.Signals) => {
    if (!running()) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  };
  const close = () => stop('SIGTERM');

  // A failure to get ready says so with what the process printed, and leaves no process behind.
  await waitUntil(
    'the server process answers /readyz',
    async () => {
      if (!running()) throw new Error(`server process exited:\n${log}`);
      return fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
    },
    { timeoutMs: READY_TIMEOUT_MS, intervalMs: POLL_MS },
  ).catch(async (error: Error) => {
    const exited = !running();
    await close();
    throw exited ? error : new Error(`${error.message}:\n${log}`);
  });

  return {
    url,
    log: () => log,
    running,
    waitForLog: (pattern, timeoutMs = 10_000) =>
      waitUntil(
        `the server process logs ${pattern}`,
        () => {
          if (!running()) throw new Error(`server process exited before logging ${pattern}`);
          return pattern.test(log);
        },
        { timeoutMs, intervalMs: POLL_MS },
      ).then(
        () => undefined,
        (error: Error) => {
          throw new Error(`${error.message}:\n${log}`);
        },
      ),
    close,
    crash: () => stop('SIGKILL'),
  };
};

/** Signs in on a server reached over HTTP only (a child process) and answers the ID token. */
export const signInAt = async (url: string, credentials: { email: string; password: string }) => {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200)
    throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
};

/** A database for server processes of a test's own, opened for the test too (see below). */
export type ProcessDatabase = {
  /** The test's own connection, migrated, to build its rows; close it before a process starts. */
  database: Database;
  /** What points a server process at it: DATABASE_URL for PostgreSQL, nothing for `dataDir`'s. */
  env: Record<string, string>;
  /** Drops a PostgreSQL database (PGlite's files go with the data directory). */
  drop: () => Promise<void>;
};

/**
 * The engine the run tests on, for a test of server processes: a fresh PostgreSQL database (a
 * copy of the run's migrated template) when DATABASE_URL is set, as in CI; otherwise PGlite in
 * `dataDir`, which the processes open through DATA_DIR.
 */
export const openProcessDatabase = async (dataDir: string): Promise<ProcessDatabase> => {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await applyMigrations(database);
    return { database, env: {}, drop: () => Promise.resolve() };
  }
  const fresh = await createFreshPostgres(base);
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 2 });
  await applyMigrations(database);
  return { database, env: { DATABASE_URL: fresh.url }, drop: fresh.drop };
};
