import { loadConfig } from '../config.js';
import { applyMigrations } from './migrate.js';
import { openConfiguredDatabase } from './open-configured-database.js';

const database = await openConfiguredDatabase(loadConfig());
try {
  await applyMigrations(database);
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
