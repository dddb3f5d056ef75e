import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsFolder } from '../lib/paths.js';
import type { Database } from './client.js';

/** Any number arbitrarily fixed: the advisory lock that serializes migrations across processes. */
const MIGRATION_LOCK_ID = 727_001;

export const applyMigrations = async (database: Database): Promise<void> => {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // One connection holds the advisory lock and runs every migration, so two servers starting
  // together do not both apply the same migration.
  const client = new pg.Client({ connectionString: database.connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
};

const journalEntryCount = (): number => {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  return journal.entries.length;
};

/** True when the database answers and every committed migration is applied. */
export const checkReadiness = async (
  database: Database,
): Promise<{ ready: boolean; reason?: string }> => {
  try {
    const result = await database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    const applied = Number(result.rows[0]?.count ?? 0);
    const expected = journalEntryCount();
    if (applied < expected) {
      return { ready: false, reason: `${applied} of ${expected} migrations applied` };
    }
    return { ready: true };
  } catch (error) {
    return { ready: false, reason: `database unreachable: ${(error as Error).message}` };
  }
};
