import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { apiKeyScopes, integrationPaths } from '@leasing/contract';
import { buildApp } from '../../app.js';
import { openDatabase, type Database } from '../../db/client.js';
import { apiKeys, companies } from '../../db/schema/index.js';
import { serverRoot } from '../../lib/paths.js';
import { runBin, runCommandInProcess } from '../../test/cli.js';
import { createCompany, createUser } from '../../test/factories.js';
import { bearer, everyDatabase, login, testConfig } from '../../test/test-app.js';
import { createApiKeyCommand } from './create-api-key.command.js';

/** The company the keys are made for; the same one every time a test opens the database. */
const COMPANY = { id: '5b0f3c1e-7a2d-4c8e-9f10-2a3b4c5d6e7f', name: 'CLI Rentals' };

const BIN = join(serverRoot, 'src/modules/api-keys/create-api-key-cli.ts');

/** The command, run in this process, configured only by the environment. */
const runCli = (args: string[], env: Record<string, string | undefined>) =>
  runCommandInProcess(createApiKeyCommand, args, env);

const openApp = async (database: Database): Promise<FastifyInstance> => {
  const app = await buildApp({ config: testConfig(), database });
  const { db } = app.database;
  const existing = await db.select().from(companies).where(eq(companies.id, COMPANY.id));
  if (existing.length === 0) await createCompany(db, COMPANY);
  return app;
};

/** The key works: it creates a property of its company through the integration API. */
const useKey = async (app: FastifyInstance, key: string) =>
  (
    await app.inject({
      method: 'PUT',
      url: integrationPaths.property('CLI-1'),
      headers: bearer(key),
      payload: { name: 'Made with a CLI key' },
    })
  ).statusCode;

describe('npm run apikey:create', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'apikey-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('leaves an embedded database held by a running server alone, and says what to do', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    const app = await openApp(database);
    const keyCount = async () => (await app.database.db.select({ n: count() }).from(apiKeys))[0]?.n;
    try {
      // A key made through the running server shows in the count that must not move after.
      const { credentials } = await createUser(app.database.db, COMPANY.id, { role: 'admin' });
      const { token } = await login(app, credentials);
      const made = await app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: bearer(token),
        payload: { name: 'Through the server', scopes: ['events:write'] },
      });
      expect(made.statusCode).toBe(201);
      expect(await keyCount()).toBe(1);

      // The bin, in a process of its own: the data-dir lock refuses only another process.
      const result = await runBin(BIN, ['--company', COMPANY.id], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('in use by a running server, so no key was created');
      expect(result.stderr).toContain('API keys');
      expect(result.stderr).toContain('stop the server');
      expect(await keyCount()).toBe(1);
      // The server's database still works after the refusal.
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('prints a key that works, once the data dir is free; an unknown company is an error', async () => {
    const unknown = await runCli(['--company', '00000000-0000-4000-a000-000000000000'], {
      DATA_DIR: dataDir,
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No company with id 00000000-0000-4000-a000-000000000000');
    const missing = await runCli([], { DATA_DIR: dataDir });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--company is required');

    const badScope = await runCli(['--company', COMPANY.id, '--scopes', 'events:write,root'], {
      DATA_DIR: dataDir,
    });
    expect(badScope.code).toBe(1);
    expect(badScope.stdout).toBe('');
    expect(badScope.stderr).toContain('unknown: root');

    const result = await runCli(['--company', COMPANY.id, '--name', 'Yardi'], {
      DATA_DIR: dataDir,
    });
    expect(result.stderr).toContain('API key "Yardi"');
    // Without --scopes, every scope: a key from the command line can do what the API offers.
    expect(result.stderr).toContain(`with scopes ${apiKeyScopes.join(', ')}`);
    expect(result.code).toBe(0);
    const key = result.stdout.trim();
    expect(key).toMatch(/^lk_[A-Za-z0-9_-]{43}$/);

    const reader = await runCli(['--company', COMPANY.id, '--scopes', ' leads:read '], {
      DATA_DIR: dataDir,
    });
    expect(reader.code).toBe(0);
    expect(reader.stderr).toContain('with scopes leads:read.');

    const database = await openDatabase({ kind: 'pglite', dataDir });
    const app = await openApp(database);
    try {
      expect(await useKey(app, key)).toBe(201);
      // The narrow key is what it says: it may not write.
      expect(await useKey(app, reader.stdout.trim())).toBe(403);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

// PostgreSQL takes several clients: the command works while a server runs.
describe.each(everyDatabase().filter((target) => target.name === 'postgres'))(
  'npm run apikey:create on $name',
  (target) => {
    it('prints a key that works, even while a server is running', async () => {
      const database = await target.open();
      const app = await openApp(database);
      try {
        const result = await runCli(['--company', COMPANY.id], {
          DATABASE_URL: database.connectionString,
        });
        expect(result.stderr).toContain('created for CLI Rentals');
        expect(result.code).toBe(0);
        expect(await useKey(app, result.stdout.trim())).toBe(201);
      } finally {
        await app.close();
        await database.close();
      }
    });
  },
);
