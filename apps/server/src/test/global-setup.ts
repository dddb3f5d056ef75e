import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client.js';
import { applyMigrations } from '../db/migrate.js';
import { PGLITE_TEMPLATE_ENV } from './pglite-template.js';
import { administer, databaseUrl, POSTGRES_TEMPLATE_ENV } from './postgres-template.js';
import { bundleForTestRun } from './server-bundle.js';

/** Migrates one embedded database and leaves its dump where every test file's PGlite starts from. */
const preparePglite = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'leasing-pglite-template-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    await applyMigrations(database);
    const dump = await database.dumpDataDir!();
    await writeFile(join(dir, 'migrated.tar'), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  process.env[PGLITE_TEMPLATE_ENV] = join(dir, 'migrated.tar');
  return () => rm(dir, { recursive: true, force: true });
};

/**
 * Migrates one database on the PostgreSQL server of `baseUrl`; every fresh test database is then
 * made from it (`CREATE DATABASE … TEMPLATE`), already migrated.
 */
const preparePostgres = async (baseUrl: string) => {
  const name = `leasing_template_${randomBytes(6).toString('hex')}`;
  await administer(baseUrl, `create database ${name}`);
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(baseUrl, name),
    poolSize: 1,
  });
  try {
    await applyMigrations(database);
  } finally {
    // A template must have no connection left when databases are made from it.
    await database.close();
  }
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return () => administer(baseUrl, `drop database if exists ${name} with (force)`);
};

/**
 * Migrates once per test run instead of in every app boot: one embedded database (dumped) and, when
 * DATABASE_URL is set, one PostgreSQL template database. Bundles the server once for the tests that
 * start it in processes of their own. The workers inherit the variables.
 */
export default async function setup() {
  const pgUrl = process.env.DATABASE_URL;
  const teardowns = [
    await bundleForTestRun(),
    await preparePglite(),
    ...(pgUrl ? [await preparePostgres(pgUrl)] : []),
  ];
  return async () => {
    for (const teardown of teardowns) await teardown();
  };
}
