import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { repoRoot, serverRoot } from '../../lib/paths.js';
import { bearer, login, testConfig } from '../../test/test-app.js';

const CLI = join(serverRoot, 'src/modules/auth/create-admin-cli.ts');
const TSX = join(repoRoot, 'node_modules/tsx/dist/cli.mjs');

type CliResult = { code: number; stdout: string; stderr: string };

/** The command as an operator runs it, in its own process, configured only by the environment. */
const runCli = (args: string[], env: Record<string, string | undefined>) =>
  new Promise<CliResult>((resolve) => {
    execFile(
      process.execPath,
      [TSX, CLI, ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: undefined, ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });

describe('npm run admin:create', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('makes the first admin of a new deployment, who signs in and may manage the company', async () => {
    const bad = await runCli(['--email', 'not-an-email', '--company', 'Acme'], {
      DATA_DIR: dataDir,
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--email must be an email address');

    const result = await runCli(
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
  });
});
