import { loadConfig } from '../../config.js';
import { runCli } from '../../lib/run-cli.js';
import { applyMigrations } from '../migrate.js';
import { openConfiguredDatabase } from '../open-configured-database.js';
import { seedDemo } from './seed.js';

await runCli(async () => {
  const database = await openConfiguredDatabase(loadConfig());
  try {
    await applyMigrations(database);
    const result = await seedDemo(database.db);
    console.log(
      result === 'seeded'
        ? 'Demo data seeded.'
        : 'The database already has companies: the demo is only seeded into an empty one. Nothing changed.',
    );
  } finally {
    await database.close();
  }
});
