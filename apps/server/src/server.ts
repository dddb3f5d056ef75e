import { ConfigError, describePayments, loadConfig } from './config.js';
import { buildApp } from './app.js';
import { seedDemo, DEMO_CREDENTIALS, hasDemoCompany } from './db/seed/seed.js';
import { buildMissingReportFacts } from './modules/reports/index.js';

const main = async () => {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config });
  const seeded = config.seedDemo && (await seedDemo(app.database.db)) === 'seeded';
  if (seeded) {
    // The demo's history counted for the reports, as an upgraded database's is at start.
    await buildMissingReportFacts(app.database.db);
    app.log.info('seeded the demo data into the empty database');
  }
  const demoPresent = await hasDemoCompany(app.database.db);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining HTTP, sockets and the job queue');
    const forceExit = setTimeout(() => process.exit(1), 20_000).unref();
    try {
      await app.close();
      clearTimeout(forceExit);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const url = `http://localhost:${config.port}`;
  const database = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${config.dataDir}`;
  const demoLine = seeded
    ? '  Demo data: seeded now (the database was empty).'
    : demoPresent
      ? '  Demo data: present.'
      : config.seedDemo
        ? '  Demo data: not seeded (the database already has companies).'
        : `  Demo data: off${config.databaseUrl ? ' (PostgreSQL: set SEED_DEMO=true to seed an empty database)' : ''}. First admin: npm run admin:create -- --email <email> --company <name>`;
  console.log(
    [
      '',
      `  Leasing console is running at ${url}`,
      `  Database: ${database}`,
      demoLine,
      `  ${describePayments(config.payments)}`,
      ...(demoPresent
        ? [
            '  Demo sign-in:',
            ...DEMO_CREDENTIALS.map(
              (c) => `    ${c.email} / ${c.password}  (${c.company}, ${c.role})`,
            ),
          ]
        : []),
      '',
    ].join('\n'),
  );
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
