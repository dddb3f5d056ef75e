import type { TestProject } from 'vitest/node';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  postgresUrlOf,
  SEEDED_DATA_DIR_ENV,
  SEEDED_DATABASE_ENV,
  SHARED_PAYMENT_HOST,
  startServer,
} from './server.js';

declare module 'vitest' {
  // Declaration merging (vitest's `provide`/`inject` typing) needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** The server the files without special needs share (see `useBrowserSession`). */
    sharedServerUrl: string;
  }
}

/**
 * One server for every file of the run that needs nothing special: its tests build their own
 * data (support/factories.ts), so they never see another file's. Files that need their own
 * environment (fake providers, company-wide settings, restarts) start their own.
 */
/**
 * A server started once and stopped: its database, migrated and seeded with the demo, is what
 * every server of the run starts from a copy of (support/server.ts): a PostgreSQL database when
 * the run has one, else its embedded data directory. The workers inherit the variable.
 */
const prepareSeededDatabase = async () => {
  // With PostgreSQL (CI): a database migrated and seeded once, each server's database a copy of it.
  if (process.env.DATABASE_URL) {
    const name = `leasing_e2e_seed_${process.pid}`;
    await createPostgresDatabase(name);
    const template = await startServer({ DATABASE_URL: postgresUrlOf(name), SEED_DEMO: 'true' });
    await template.stop();
    process.env[SEEDED_DATABASE_ENV] = name;
    return () => dropPostgresDatabase(name);
  }
  const template = await startServer();
  const dir = mkdtempSync(join(tmpdir(), 'leasing-e2e-seeded-'));
  await template.stop(async (dataDir) => cpSync(dataDir, dir, { recursive: true }));
  process.env[SEEDED_DATA_DIR_ENV] = dir;
  return () => Promise.resolve(rmSync(dir, { recursive: true, force: true }));
};

export default async function setup(project: TestProject) {
  const removeSeeded = await prepareSeededDatabase();
  const server = await startServer({ PAYMENT_HOST: SHARED_PAYMENT_HOST });
  project.provide('sharedServerUrl', server.url);
  return async () => {
    await server.stop();
    await removeSeeded();
  };
}
