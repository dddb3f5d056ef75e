import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';
import { acquireDataDirLock } from './data-dir-lock.js';

/** One query API for both engines: node-postgres' type, which PGlite's drizzle database matches. */
export type Db = NodePgDatabase<typeof schema>;

/** What pg-boss needs from a database it does not own. */
export type SqlExecutor = {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
};

/** One transaction seen two ways: Drizzle for our queries, raw SQL for pg-boss to enqueue in it. */
export type TransactionScope = { db: Db; sql: SqlExecutor };

/** A connection pool's connections right now: open, of those idle, and queries waiting for one. */
export type PoolUsage = { total: number; idle: number; waiting: number };

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlExecutor;
  /** Runs `work` in one transaction; committed when it resolves, rolled back when it throws. */
  transaction: <T>(work: (scope: TransactionScope) => Promise<T>) => Promise<T>;
  /** For pg-boss on PostgreSQL: it opens its own pool. */
  connectionString: string | undefined;
  /** The pool's usage (PostgreSQL); PGlite is one connection inside the process and has none. */
  poolUsage?: () => PoolUsage;
  /** PGlite in memory: its whole data directory, for `loadDataDir` (the tests' migrated template). */
  dumpDataDir?: () => Promise<Blob>;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      /** In memory, start from this dump of a data directory instead of an empty database. */
      loadDataDir?: Blob;
    };

type PgliteLike = Pick<PGlite, 'query' | 'exec'>;

// PGlite's query() takes one statement with parameters; exec() runs a script without any.
const pgliteExecutor = (client: PgliteLike): SqlExecutor => ({
  executeSql: async (text, values) => {
    if (values && values.length > 0) return client.query(text, values);
    const results = await client.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  },
});

const openPglite = async (dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> => {
  let releaseLock = () => {};
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(dataDir);
    client = new PGlite(join(dataDir, 'pglite'));
  } else {
    client = new PGlite(loadDataDir ? { loadDataDir } : {});
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    connectionString: undefined,
    sql: pgliteExecutor(client),
    dumpDataDir: dataDir ? undefined : () => client.dumpDataDir('none'),
    transaction: (work) =>
      client.transaction((tx) =>
        work({
          db: drizzlePglite({
            client: tx as unknown as PGlite,
            schema,
            casing: 'snake_case',
          }) as unknown as Db,
          sql: pgliteExecutor(tx),
        }),
      ),
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
};

const openPostgres = async (url: string, poolSize = 10): Promise<Database> => {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  return {
    kind: 'postgres',
    db,
    connectionString: url,
    sql: { executeSql: (text, values) => pool.query(text, values) },
    poolUsage: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          db: drizzlePg({ client, schema, casing: 'snake_case' }),
          sql: { executeSql: (text, values) => client.query(text, values) },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
};

export const openDatabase = (options: DatabaseOptions): Promise<Database> =>
  options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize)
    : openPglite(options.dataDir, options.loadDataDir);
