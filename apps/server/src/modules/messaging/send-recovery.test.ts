import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationEvent, ConversationPage } from '@leasing/contract';
import { openDatabase } from '../../db/client.js';
import { applyMigrations } from '../../db/migrate.js';
import type { LeadRow } from '../../db/schema/index.js';
import { createLead, createOffice } from '../../test/factories.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import { nodeArgsToRun } from '../../test/server-bundle.js';
import { signInAt } from '../../test/server-process.js';
import { freePort } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';

const serverEntry = fileURLToPath(new URL('../../server.ts', import.meta.url));

/**
 * A real server process killed with SIGKILL while a message is in flight at the provider and
 * others wait for their send slot, then started again on the same data: every message must end
 * sent exactly once (or FAILED with a reason), none left PENDING.
 */
describe('sending survives a crash of the server process', () => {
  let fake: FakeTwilio;
  let dataDir: string;
  let base: string;
  let env: NodeJS.ProcessEnv;
  let child: ChildProcess | undefined;
  let log = '';
  /** Built in the data directory before the first start: the staff member who texts, the lead. */
  let staff: { email: string; password: string };
  let ava: LeadRow;

  const start = async () => {
    child = spawn(process.execPath, nodeArgsToRun(serverEntry), {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    // A cold start runs the migrations first: allow a minute on a busy machine.
    await waitUntil(
      'the server process answers /readyz',
      async () => {
        if (child!.exitCode !== null) throw new Error(`server exited:\n${log}`);
        return fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
      },
      { timeoutMs: 60_000, intervalMs: 150, lastSeen: () => log },
    );
  };

  beforeAll(async () => {
    fake = await startFakeTwilio();
    dataDir = mkdtempSync(join(tmpdir(), 'leasing-crash-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      ...process.env,
      DATABASE_URL: '',
      // One process on its own embedded database, and no Redis: no other test's sign-in counters.
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      ...fake.env(),
      TWILIO_MPS: '0.5',
      SEND_JOB_EXPIRE_SECONDS: '3',
      // A text the dead process had handed over has its callbacks lost: it is looked up.
      STATUS_RECONCILE_AFTER_SECONDS: '2',
      QUEUE_MAINTENANCE_SECONDS: '1',
      SEED_DEMO: 'false',
    };
    // The rows the process needs, written to its data directory before it owns it.
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await applyMigrations(database);
      const office = await createOffice(database.db);
      staff = office.staff.credentials;
      ava = await createLead(database.db, office.property, { name: 'Ava Thompson' });
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ends every queued and in-flight message sent exactly once', async () => {
    fake.setOutcome((message) =>
      message.body === 'in flight' ? { hang: true } : { accept: true, finalStatus: 'delivered' },
    );
    await start();
    const auth = { authorization: `Bearer ${await signInAt(base, staff)}` };
    const get = async <T>(path: string) =>
      (await fetch(`${base}${path}`, { headers: auth })).json() as Promise<T>;

    const bodies = ['in flight', 'queued 1', 'queued 2', 'queued 3'];
    const sent: ConversationEvent[] = [];
    for (const body of bodies) {
      const form = new FormData();
      form.set('leadID', ava.id);
      form.set('text', body);
      const response = await fetch(`${base}/api/leads/${ava.id}/sms`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      expect(response.status).toBe(200);
      sent.push((await response.json()) as ConversationEvent);
    }
    await waitUntil('the provider holds the in-flight text', () =>
      fake.attempts.includes('in flight'),
    );
    expect(fake.attempts).toContain('in flight');

    child!.kill('SIGKILL');
    await once(child!, 'exit');
    fake.setOutcome(() => ({ accept: true, finalStatus: 'delivered' }));
    await start();

    const statuses = async () => {
      const timeline = await get<ConversationPage>(`/api/leads/${ava.id}/conversations?limit=20`);
      return sent.map(
        (event) => timeline.items.find((item) => item._id === event._id)?.sendingStatus,
      );
    };
    await waitUntil(
      'every message is COMPLETED or FAILED',
      async () => (await statuses()).every((s) => s === 'COMPLETED' || s === 'FAILED'),
      { timeoutMs: 120_000, intervalMs: 250, lastSeen: statuses },
    );
    await fake.settled();
    expect(await statuses()).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED']);
    for (const body of bodies) {
      expect(fake.received.filter((message) => message.body === body)).toHaveLength(1);
    }
  }, 180_000);
});
