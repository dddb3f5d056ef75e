import { readFile } from 'node:fs/promises';
import { openDatabase, type Database } from '../db/client.js';

/** Where the test run's migrated PGlite dump is (set by `global-setup.ts`). */
export const PGLITE_TEMPLATE_ENV = 'LEASING_TEST_PGLITE_TEMPLATE';

/**
 * A fresh in-memory PGlite: a copy of the run's migrated template when there is one (the app's
 * own migrator then finds nothing to do), an empty database otherwise (a script outside vitest).
 */
export const openTestPglite = async (): Promise<Database> => {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
  return openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir });
};
