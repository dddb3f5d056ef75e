import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { serverRoot } from '../../lib/paths.js';
import { runBin, runCommandInProcess } from '../../test/cli.js';
import { bearer, login, testConfig } from '../../test/test-app.js';
import { createAdminCommand } from './create-admin.command.js';

const BIN = join(serverRoot, 'src/modules/auth/create-admin-cli.ts');

/** The command, run in this process, configured only by the environment. */
const runCli = (args: string[], env: Record<string, string | undefined>) =>
  runCommandInProcess(createAdminCommand, args, env);

describe('npm run admin:create', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('makes the first admin of a new deployment, who signs in and may manage the company', async () => {
    const bad = await runCli(['--email', 'not-an-email', '--company', 'Acme'], {
      DATA_DIR: dataDir,
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--email must be an email address');

    // The bin, as an operator runs it in a process of its own.
    const result = await runBin(
      BIN,
      ['--email', 'founder@acme.test', '--company', 'Acme Living', '--name', 'Rae Founder'],
      { DATA_DIR: dataDir },
    );
    expect(result.stderr).toContain(
      'Admin founder@acme.test created for the new company "Acme Living"',
    );
    expect(result.code).toBe(0);
    const password = result.stdout.trim();
    expect(password.length).toBeGreaterThanOrEqual(16);

    const again = await runCli(['--email', 'FOUNDER@acme.test', '--company', 'Acme Living'], {
      DATA_DIR: dataDir,
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');

    const database = await openDatabase({ kind: 'pglite', dataDir });
    const app = await buildApp({ config: testConfig(), database });
    try {
      expect(await app.database.db.select().from(companies)).toHaveLength(1);
      const { token } = await login(app, { email: 'founder@acme.test', password });
      const me = await app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
      expect(me.json()).toMatchObject({
        name: 'Rae Founder',
        companyName: 'Acme Living',
        role: 'admin',
      });
      const keys = await app.inject({
        method: 'GET',
        url: '/api/api-keys',
        headers: bearer(token),
      });
      expect(keys.statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000); // the bin's run: a process, then a fresh embedded database to migrate
});
