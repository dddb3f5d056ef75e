import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const serverEntry = join(repoRoot, 'apps/server/dist/server.js');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });

/** The demo's admins, one per demo company. */
const DEMO_ADMINS = [
  { email: 'demo@leasing.test', password: 'leasing-demo' },
  { email: 'other@leasing.test', password: 'leasing-demo' },
];

/** The company's quiet hours as the signed-in admin sets them (`PUT /api/settings/quiet-hours`). */
export const setQuietHours = async (
  baseUrl: string,
  admin: { email: string; password: string },
  policy: { start: string; end: string; stateRules: boolean; allowSendNow: boolean },
) => {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!login.ok) return false;
  const { token } = (await login.json()) as { token: string };
  const saved = await fetch(`${baseUrl}/api/settings/quiet-hours`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(policy),
  });
  if (!saved.ok) throw new Error(`quiet hours not saved: ${saved.status} ${await saved.text()}`);
  return true;
};

/**
 * The browser tests run at any hour on the real clock: the demo companies text all day unless a
 * test sets quiet hours itself. The state rules are off too: the demo's leads have Texas (512)
 * numbers, whose law keeps texts to 9:00–21:00 (Sundays from noon), so with them on every send
 * test failed between 21:00 and 9:00 Central. A server without the demo has nobody to sign in as.
 */
const allowTextsAllDay = async (baseUrl: string) => {
  for (const admin of DEMO_ADMINS) {
    await setQuietHours(baseUrl, admin, {
      start: '00:00',
      end: '24:00',
      stateRules: false,
      allowSendNow: true,
    });
  }
};

export type RunningServer = {
  url: string;
  output: () => string;
  /**
   * Stops the server, lets `whileStopped` change its database (the embedded one opens for one
   * process at a time), and starts it again on the same port and data.
   */
  restart: (whileStopped?: (database: StoppedDatabase) => Promise<void>) => Promise<void>;
  /**
   * Stops the server, lets `beforeRemoving` read its data directory (the embedded database is on
   * disk once it has stopped), and removes the directory.
   */
  stop: (beforeRemoving?: (dataDir: string) => Promise<void>) => Promise<void>;
};

/** A stopped server's database, for a test to change while no server runs on it. */
export type StoppedDatabase = { query: (sql: string, params?: unknown[]) => Promise<void> };

/** A stopped server's data directory, migrated and seeded, that new servers start from a copy of. */
export const SEEDED_DATA_DIR_ENV = 'LEASING_E2E_SEEDED_DATA_DIR';
/**
 * With PostgreSQL (`DATABASE_URL`, as CI has): the migrated and seeded database that every server
 * of the run gets a copy of, its own database, instead of an embedded one.
 */
export const SEEDED_DATABASE_ENV = 'LEASING_E2E_SEEDED_DATABASE';

/** One statement on the run's PostgreSQL server (creating and dropping databases). */
const onPostgres = async (sql: string, params: unknown[] = [], databaseUrl?: string) => {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl ?? process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql, params);
  } finally {
    await client.end();
  }
};

/** The run's PostgreSQL server's URL, naming `database`. */
export const postgresUrlOf = (database: string) => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
};

/** A database copied from `template` (when given); two copies at once may find it busy: retried. */
export const createPostgresDatabase = async (name: string, template?: string) => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await onPostgres(`create database ${name}${template ? ` template ${template}` : ''}`);
    } catch (error) {
      const busy = (error as { code?: string }).code === '55006';
      if (!busy || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
};

export const dropPostgresDatabase = (name: string) =>
  onPostgres(`drop database if exists ${name} with (force)`);

/** The embedded database of a stopped server's data directory, or its PostgreSQL one. */
const stoppedDatabase = (dataDir: string, databaseUrl: string): StoppedDatabase => ({
  query: async (sql, params = []) => {
    if (databaseUrl) return onPostgres(sql, params, databaseUrl);
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(join(dataDir, 'pglite'));
    try {
      await db.query(sql, params);
    } finally {
      await db.close();
    }
  },
});

/**
 * The built product, started the way `npm start` starts it (embedded PGlite, demo seeded) on a
 * temporary DATA_DIR and a free port. When the run made a seeded data directory (global setup),
 * the server starts on a copy of it: the same database `npm start` makes, without migrating and
 * seeding it again in every file's server. A server on PostgreSQL (`DATABASE_URL` in `env`)
 * starts as `npm start` does.
 */
export const startServer = async (env: Record<string, string> = {}): Promise<RunningServer> => {
  if (!existsSync(serverEntry)) {
    throw new Error(`${serverEntry} is missing: run "npm run build" first (npm test does).`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'leasing-e2e-'));
  const port = await freePort();
  // Its own database: a copy of the run's seeded one (PostgreSQL, or the embedded data directory).
  const seededDatabase = process.env[SEEDED_DATABASE_ENV];
  const seededDataDir = process.env[SEEDED_DATA_DIR_ENV];
  const ownDatabase =
    seededDatabase && env.DATABASE_URL === undefined ? `leasing_e2e_${port}_${process.pid}` : null;
  if (ownDatabase) await createPostgresDatabase(ownDatabase, seededDatabase);
  else if (seededDataDir && !env.DATABASE_URL) cpSync(seededDataDir, dataDir, { recursive: true });
  const databaseUrl = env.DATABASE_URL ?? (ownDatabase ? postgresUrlOf(ownDatabase) : '');
  const url = `http://localhost:${port}`;
  let log = '';
  let child: ChildProcess;

  const launch = async () => {
    // What this start prints (after a restart, the log already holds the last start's lines).
    const startedAt = log.length;
    child = spawn(process.execPath, [serverEntry], {
      cwd: repoRoot,
      env: {
        ...process.env,
        // Each server is its own world: its own database and no shared Redis, so two files'
        // servers (seeded with the same demo ids) never share data, socket rooms or counters.
        // A test that wants a shared PostgreSQL database or Redis passes them in `env`.
        DATABASE_URL: databaseUrl,
        REDIS_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        INBOUND_SMTP_PORT: '0',
        LOGIN_IP_LIMIT_PER_MINUTE: '500',
        // The webhook tests' receiver listens on loopback, which a server refuses unless told.
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

    // The server says it is running (on stdout) once it listens, its database migrated and seeded.
    // Migrating and seeding take seconds, but minutes on a 2-core machine other work shares.
    const deadline = AbortSignal.timeout(180_000);
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (log.includes(`is running at ${url}`, startedAt)) finish(resolve);
      };
      const exited = () => finish(() => reject(new Error(`server exited early:\n${log}`)));
      const late = () => {
        child.kill('SIGKILL');
        finish(() => reject(new Error(`server did not become ready in time:\n${log}`)));
      };
      const finish = (settle: () => void) => {
        child.stdout?.off('data', check);
        child.off('exit', exited);
        deadline.removeEventListener('abort', late);
        settle();
      };
      child.stdout?.on('data', check);
      child.once('exit', exited);
      deadline.addEventListener('abort', late);
    });
    const ready = await fetch(`${url}/readyz`);
    if (!ready.ok)
      throw new Error(`server not ready: ${ready.status} ${await ready.text()}\n${log}`);
  };
  const halt = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  };
  await launch();
  await allowTextsAllDay(url);

  return {
    url,
    output: () => log,
    restart: async (whileStopped) => {
      await halt();
      await whileStopped?.(stoppedDatabase(dataDir, databaseUrl));
      await launch();
    },
    stop: async (beforeRemoving) => {
      await halt();
      await beforeRemoving?.(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
      if (ownDatabase) await dropPostgresDatabase(ownDatabase);
    },
  };
};

/** The payment host the shared server serves payers on (a test maps it to this machine). */
export const SHARED_PAYMENT_HOST = 'pay.leasing.test';

/**
 * The run's shared server (support/global-setup.ts starts and stops it), seen from a test file:
 * the file may neither restart nor stop it.
 */
export const sharedServer = (url: string): RunningServer => ({
  url,
  output: () => "(the shared server's output is not kept)",
  restart: () => {
    throw new Error("the shared server cannot be restarted: use a server of the file's own");
  },
  stop: async () => undefined,
});
