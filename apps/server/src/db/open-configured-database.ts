import type { AppConfig } from '../config.js';
import { openDatabase, type Database } from './client.js';

export const openConfiguredDatabase = (config: AppConfig): Promise<Database> =>
  config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir });
