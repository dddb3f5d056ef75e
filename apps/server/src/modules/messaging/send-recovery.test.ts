import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ConversationEvent,
  ConversationPage,
  Lead,
  LeadPage,
  Property,
} from '@leasing/contract';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import { freePort } from '../../test/test-app.js';

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

  const start = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    // A cold start seeds the demo first: allow a minute on a busy machine.
    for (let i = 0; i < 400; i += 1) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
      const ready = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error(`server not ready:\n${log}`);
  };

  beforeAll(async () => {
    fake = await startFakeTwilio();
    dataDir = mkdtempSync(join(tmpdir(), 'leasing-crash-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      TWILIO_ACCOUNT_SID: fake.accountSid,
      TWILIO_AUTH_TOKEN: fake.authToken,
      TWILIO_FROM: '+15125550000',
      TWILIO_API_URL: fake.url,
      TWILIO_MPS: '0.5',
      SEND_JOB_EXPIRE_SECONDS: '3',
      QUEUE_MAINTENANCE_SECONDS: '1',
    };
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
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@leasing.test', password: 'leasing-demo' }),
    });
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const get = async <T>(path: string) =>
      (await fetch(`${base}${path}`, { headers: auth })).json() as Promise<T>;
    const [maple] = await get<Property[]>('/api/properties');
    const page = await get<LeadPage>(`/api/properties/${maple!._id}/leads?limit=200`);
    const ava = await get<Lead>(
      `/api/properties/${maple!._id}/leads/${page.items.find((l) => l.name === 'Ava Thompson')!.pmsLeadId}`,
    );

    const bodies = ['in flight', 'queued 1', 'queued 2', 'queued 3'];
    const sent: ConversationEvent[] = [];
    for (const body of bodies) {
      const form = new FormData();
      form.set('leadID', ava._id);
      form.set('text', body);
      const response = await fetch(`${base}/api/leads/${ava._id}/sms`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      expect(response.status).toBe(200);
      sent.push((await response.json()) as ConversationEvent);
    }
    for (let i = 0; i < 100 && !fake.attempts.includes('in flight'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(fake.attempts).toContain('in flight');

    child!.kill('SIGKILL');
    await once(child!, 'exit');
    fake.setOutcome(() => ({ accept: true, finalStatus: 'delivered' }));
    await start();

    const statuses = async () => {
      const timeline = await get<ConversationPage>(`/api/leads/${ava._id}/conversations?limit=20`);
      return sent.map(
        (event) => timeline.items.find((item) => item._id === event._id)?.sendingStatus,
      );
    };
    for (
      let i = 0;
      i < 240 && (await statuses()).some((s) => s !== 'COMPLETED' && s !== 'FAILED');
      i += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await fake.settled();
    expect(await statuses()).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED', 'COMPLETED']);
    for (const body of bodies) {
      expect(fake.received.filter((message) => message.body === body)).toHaveLength(1);
    }
  }, 180_000);
});
