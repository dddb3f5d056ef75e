import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationEvent, ConversationPage } from '@leasing/contract';
import { openDatabase, type Database } from '../../db/client.js';
import { applyMigrations } from '../../db/migrate.js';
import type { LeadRow } from '../../db/schema/index.js';
import { createLead, createOffice } from '../../test/factories.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import {
  openProcessDatabase,
  signInAt,
  startServerProcess,
  type ServerProcess,
} from '../../test/server-process.js';
import { waitUntil } from '../../test/wait-until.js';

/** Signs in and answers helpers that schedule texts and read the lead's timeline. */
const staffClient = async (base: string, credentials: { email: string; password: string }) => {
  const auth = { authorization: `Bearer ${await signInAt(base, credentials)}` };
  return {
    scheduleSms: async (leadId: string, text: string, sendAt: Date) => {
      const form = new FormData();
      form.set('leadID', leadId);
      form.set('text', text);
      form.set('sendAt', sendAt.toISOString());
      const response = await fetch(`${base}/api/leads/${leadId}/sms`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      const event = (await response.json()) as ConversationEvent;
      expect(response.status, JSON.stringify(event)).toBe(200);
      expect(event.sendingStatus).toBe('SCHEDULED');
      return event;
    },
    statuses: async (leadId: string, events: ConversationEvent[]) => {
      const response = await fetch(`${base}/api/leads/${leadId}/conversations?limit=200`, {
        headers: auth,
      });
      const page = (await response.json()) as ConversationPage;
      return events.map(
        (event) => page.items.find((item) => item._id === event._id)?.sendingStatus,
      );
    },
  };
};

const isFinal = (status: string | null | undefined) =>
  status === 'COMPLETED' || status === 'FAILED';

/** The statuses once every one is COMPLETED or FAILED. */
const waitAllFinal = (read: () => Promise<(string | null | undefined)[]>) =>
  waitUntil(
    'every scheduled message is COMPLETED or FAILED',
    async () => {
      const statuses = await read();
      return statuses.every(isFinal) ? statuses : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 250, lastSeen: read },
  );

/** The processes share the database only: no Redis, so no other test's sign-in counters. */
const baseEnv = (fake: FakeTwilio): Record<string, string> => ({
  ...fake.env(),
  TWILIO_MPS: '20',
  SEND_JOB_EXPIRE_SECONDS: '3',
  QUEUE_MAINTENANCE_SECONDS: '1',
});

/** The office and lead a server process needs, written before it starts. */
const prepare = async (database: Database) => {
  try {
    await applyMigrations(database);
    const office = await createOffice(database.db);
    const lead = await createLead(database.db, office.property, { name: 'Ava Thompson' });
    return { staff: office.staff.credentials, lead };
  } finally {
    await database.close();
  }
};

let fake: FakeTwilio;
beforeAll(async () => {
  fake = await startFakeTwilio();
  fake.setOutcome(() => ({ accept: true, finalStatus: 'delivered' }));
});
afterAll(async () => {
  await fake.close();
});

/**
 * Scheduled messages are rows and jobs in the database: a server killed with SIGKILL before their
 * time sends them when it is back (a time missed while it was down at once, a later one at its
 * time), each exactly once.
 */
describe("'Send later' survives a crash of the server process", () => {
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  let staff: { email: string; password: string };
  let ava: LeadRow;

  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'leasing-send-later-'));
    const opened = await openProcessDatabase(dataDir);
    dropDatabase = opened.drop;
    env = { ...baseEnv(fake), DATA_DIR: dataDir, ...opened.env };
    ({ staff, lead: ava } = await prepare(opened.database));
  });
  afterAll(async () => {
    await server?.close();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a message due while the server was down on recovery, and a later one at its time', async () => {
    server = await startServerProcess(env);
    const client = await staffClient(server.url, staff);
    const missed = await client.scheduleSms(ava.id, 'due while down', new Date(Date.now() + 3000));
    const later = await client.scheduleSms(
      ava.id,
      'due after restart',
      new Date(Date.now() + 10_000),
    );

    await server.crash();
    // The first message's time passes while no server runs. The server has no clock to move: its
    // queue releases a message by the database's clock, so that moment itself is awaited.
    const missedAt = new Date(missed.scheduledAt!).getTime();
    await waitUntil("the first message's time has passed", () => Date.now() > missedAt + 1000, {
      timeoutMs: 30_000,
    });
    expect(fake.attempts).not.toContain('due while down');

    server = await startServerProcess(env);
    const again = await staffClient(server.url, staff);
    const statuses = await waitAllFinal(() => again.statuses(ava.id, [missed, later]));
    await fake.settled();
    expect(statuses).toEqual(['COMPLETED', 'COMPLETED']);
    for (const body of ['due while down', 'due after restart']) {
      expect(fake.received.filter((message) => message.body === body)).toHaveLength(1);
    }
    const afterRestart = fake.received.find((message) => message.body === 'due after restart');
    expect(afterRestart!.receivedAt).toBeGreaterThanOrEqual(new Date(later.scheduledAt!).getTime());
  }, 180_000);
});

const pgUrl = process.env.DATABASE_URL;

/**
 * Two server processes on one PostgreSQL database (data and queue): a burst of messages scheduled
 * for the same moment is released and sent exactly once each, whichever process takes it. Needs
 * PostgreSQL (DATABASE_URL, as CI sets it): the embedded database has one process at a time.
 */
describe.each(pgUrl ? [pgUrl] : [])("'Send later' with two processes (%s)", (baseUrl) => {
  const name = `leasing_test_${randomBytes(6).toString('hex')}`;
  const servers: ServerProcess[] = [];
  let url: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const parsed = new URL(baseUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterEach(async () => {
    for (const server of servers) await server.close();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('sends each of 24 messages due at the same moment exactly once', async () => {
    const { staff, lead } = await prepare(
      await openDatabase({ kind: 'postgres', url, poolSize: 2 }),
    );
    servers.push(await startServerProcess({ ...baseEnv(fake), DATABASE_URL: url }));
    servers.push(await startServerProcess({ ...baseEnv(fake), DATABASE_URL: url }));
    const [one, two] = await Promise.all(servers.map((s) => staffClient(s.url, staff)));
    const at = new Date(Date.now() + 8000);
    const bodies = Array.from({ length: 24 }, (_, i) => `burst ${i}`);
    // One after the other, half through each process (staff schedule one message at a time).
    const events: ConversationEvent[] = [];
    for (const [i, body] of bodies.entries())
      events.push(await (i % 2 ? one! : two!).scheduleSms(lead.id, body, at));
    const statuses = await waitAllFinal(() => one!.statuses(lead.id, events));
    await fake.settled();
    expect(statuses.every((s) => s === 'COMPLETED')).toBe(true);
    for (const body of bodies) {
      expect(fake.received.filter((message) => message.body === body)).toHaveLength(1);
    }
  }, 180_000);
});
