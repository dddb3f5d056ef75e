import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    /** Durable job queue in the application's own database (pg-boss). */
    queue: PgBoss;
  }
}

export const queuePlugin = fp(
  async (app: FastifyInstance) => {
    const { database } = app;
    const maintenanceIntervalSeconds = app.config.queueMaintenanceSeconds;
    const boss =
      database.kind === 'postgres'
        ? new PgBoss({
            connectionString: database.connectionString,
            max: 4,
            maintenanceIntervalSeconds,
          })
        : new PgBoss({ db: database.sql, maintenanceIntervalSeconds });
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    await boss.start();
    app.decorate('queue', boss);
    // Stop taking jobs, let running ones finish, then close (before the database closes).
    app.addHook('preClose', async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    });
  },
  { name: 'queue', dependencies: ['database'] },
);
