import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
  }
}

export const databasePlugin = fp(
  async (
    app: FastifyInstance,
    options: { config: AppConfig; database: Database; ownsDatabase: boolean },
  ) => {
    app.decorate('config', options.config);
    app.decorate('database', options.database);
    if (options.ownsDatabase) app.addHook('onClose', () => options.database.close());
  },
  { name: 'database' },
);
