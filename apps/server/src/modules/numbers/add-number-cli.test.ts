import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { serverRoot } from '../../lib/paths.js';
import { runBin, runCommandInProcess } from '../../test/cli.js';
import { createOffice } from '../../test/factories.js';
import { testConfig } from '../../test/test-app.js';
import { addNumberCommand } from './add-number.command.js';

const BIN = join(serverRoot, 'src/modules/numbers/add-number-cli.ts');

/** The command, run in this process, configured only by the environment. */
const runCli = (args: string[], env: Record<string, string | undefined>) =>
  runCommandInProcess(addNumberCommand, args, env);

describe('npm run numbers:add', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'numbers-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("registers a number to one company; another company's try is refused in the same words", async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    const app = await buildApp({ config: testConfig(), database });
    const first = await createOffice(app.database.db);
    const second = await createOffice(app.database.db);
    // The first company's admin registers a number and releases it: it is held for that company.
    const admin = (
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: first.staff.credentials,
      })
    ).json<{ token: string }>().token;
    const registered = await app.inject({
      method: 'POST',
      url: '/api/numbers',
      headers: { authorization: `Bearer ${admin}` },
      payload: { number: '+15125550635' },
    });
    expect(registered.statusCode).toBe(201);
    const released = await app.inject({
      method: 'DELETE',
      url: `/api/numbers/${registered.json<{ _id: string }>()._id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(released.statusCode).toBe(200);
    await app.close();
    await database.close();

    // The bin, as an operator runs it in a process of its own.
    const added = await runBin(BIN, ['--company', first.company.id, '--number', '(512) 555-0633'], {
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
    expect(taken.stderr).toContain('This number cannot be added');
    expect(taken.stderr).toBe(again.stderr);
    // The operator keeps the hold: another company cannot take a number released days ago, and
    // the sandbox owns only test numbers — both refused in the same words.
    const held = await runCli(['--company', second.company.id, '--number', '+15125550635'], {
      DATA_DIR: dataDir,
    });
    expect(held.code).toBe(1);
    expect(held.stderr).toBe(again.stderr);
    const notOurs = await runCli(['--company', second.company.id, '--number', '+14155238886'], {
      DATA_DIR: dataDir,
    });
    expect(notOurs.stderr).toBe(again.stderr);
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
      const secondToken = (
        await check.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: second.staff.credentials,
        })
      ).json<{ token: string }>().token;
      const secondNumbers = await check.inject({
        method: 'GET',
        url: '/api/numbers',
        headers: { authorization: `Bearer ${secondToken}` },
      });
      expect(secondNumbers.json()).toEqual([]);
    } finally {
      await check.close();
      await reopened.close();
    }
  }, 120_000); // the bin's run: a process, then the embedded database opened in it
});
