import { loadConfig } from '../config.js';
import { runCli } from '../lib/run-cli.js';
import { applyMigrations } from './migrate.js';
import { openConfiguredDatabase } from './open-configured-database.js';

await runCli(async () => {
  const database = await openConfiguredDatabase(loadConfig());
  try {
    await applyMigrations(database);
    console.log(`Migrations applied (${database.kind}).`);
  } finally {
    await database.close();
  }
});
