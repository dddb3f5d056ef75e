import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { repoRoot, serverRoot } from '../../lib/paths.js';
import { createOffice } from '../../test/factories.js';
import { testConfig } from '../../test/test-app.js';

const CLI = join(serverRoot, 'src/modules/numbers/add-number-cli.ts');
const TSX = join(repoRoot, 'node_modules/tsx/dist/cli.mjs');

const runCli = (args: string[], env: Record<string, string | undefined>) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [TSX, CLI, ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: undefined, ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          stdout,
          stderr,
        }),
    );
  });

describe('npm run numbers:add', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'numbers-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("registers a number to one company; another company's try is refused in the same words", async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    const app = await buildApp({ config: testConfig(), database });
    const first = await createOffice(app.database.db);
    const second = await createOffice(app.database.db);
    await app.close();
    await database.close();

    const added = await runCli(['--company', first.company.id, '--number', '(512) 555-0633'], {
      DATA_DIR: dataDir,
    });
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('+15125550633 now belongs to company');

    const again = await runCli(['--company', first.company.id, '--number', '+15125550633'], {
      DATA_DIR: dataDir,
    });
    const taken = await runCli(['--company', second.company.id, '--number', '+15125550633'], {
      DATA_DIR: dataDir,
    });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('This number is already registered.');
    expect(taken.stderr).toBe(again.stderr);
    const missing = await runCli(['--number', '+15125550634'], { DATA_DIR: dataDir });
    expect(missing.stderr).toContain('--company and --number are required');

    // The registry says the first company owns it.
    const reopened = await openDatabase({ kind: 'pglite', dataDir });
    const check = await buildApp({ config: testConfig(), database: reopened });
    try {
      const token = (
        await check.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: first.staff.credentials,
        })
      ).json<{ token: string }>().token;
      const numbers = await check.inject({
        method: 'GET',
        url: '/api/numbers',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(numbers.json<{ number: string }[]>().map((n) => n.number)).toContain('+15125550633');
    } finally {
      await check.close();
      await reopened.close();
    }
  });
});
