import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { socketEvents, type PresenceAck, type PresenceChange } from '@leasing/contract';
import { openDatabase } from '../db/client.js';
import type { LeadRow } from '../db/schema/index.js';
import { createLead, createOffice, createUser, type Office } from '../test/factories.js';
import { startRedisServer, type RedisServer } from '../test/redis-server.js';
import { signInAt, startServerProcess, type ServerProcess } from '../test/server-process.js';
import { createSocketOpener, until } from '../test/sockets.js';
import { startTestApp, type DatabaseTarget } from '../test/test-app.js';
import { useTestApp } from '../test/use-test-app.js';

const sockets = createSocketOpener();
const view = (socket: Socket, leadID: string | null) =>
  socket.emitWithAck(socketEvents.presenceView, { leadID }) as Promise<PresenceAck>;

/** The embedded database kept in `dataDir`, which outlives the app that opened it. */
const pgliteIn = (dataDir: string): DatabaseTarget => ({
  name: 'pglite',
  open: () => openDatabase({ kind: 'pglite', dataDir }),
});

/** What /readyz answers: its status, and the dependencies it names as failed. */
const readiness = async (base: string) => {
  const response = await fetch(`${base}/readyz`);
  return {
    status: response.status,
    failed: ((await response.json()) as { failed?: string[] }).failed,
  };
};

/** The process's warnings about one Redis client (pino's JSON lines, level 40). */
const warningsAbout = (log: string, client: string) =>
  log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; redis?: string; msg: string })
    .filter((entry) => entry.level === 40 && entry.redis === client)
    .map((entry) => entry.msg);

/**
 * Two server processes on one private `redis-server`: the test's own app and a child process
 * running `server.ts`. Each has its own copy of the same embedded database (PGlite is one
 * process's), so the only thing they share is Redis, which is killed and started again.
 */
describe('a Redis outage under two server processes', () => {
  let redis: RedisServer;
  let server: ServerProcess;
  let office: Office;
  let agent: { email: string; password: string };
  let lead: LeadRow;
  const peerDir = mkdtempSync(join(tmpdir(), 'redis-outage-peer-'));
  const serverDir = mkdtempSync(join(tmpdir(), 'redis-outage-server-'));

  beforeAll(async () => {
    redis = await startRedisServer();
    const prepared = await startTestApp(pgliteIn(peerDir));
    office = await createOffice(prepared.app.database.db, { staff: { name: 'Dana Whitfield' } });
    agent = (await createUser(prepared.app.database.db, office.company.id, { role: 'agent' }))
      .credentials;
    lead = await createLead(prepared.app.database.db, office.property);
    await prepared.close();
    cpSync(peerDir, serverDir, { recursive: true });
  });
  afterAll(async () => {
    await redis?.close();
    rmSync(peerDir, { recursive: true, force: true });
    rmSync(serverDir, { recursive: true, force: true });
  });
  const peer = useTestApp(pgliteIn(peerDir), {
    listen: true,
    env: () => ({ REDIS_URL: redis.url }),
  });
  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: serverDir, REDIS_URL: redis.url });
  });
  afterAll(async () => {
    sockets.closeAll();
    await server?.close();
  });

  it('keeps both serving while Redis is gone, answers /readyz 503 naming it, and carries live updates across again once it is back', async () => {
    const companyId = office.company.id;
    const dana = await sockets.open(peer.url, await peer.signIn(office.staff.credentials));
    const priya = await sockets.open(server.url, await signInAt(server.url, agent));

    // Positive control: a change on the test's process reaches a socket on the child, over Redis.
    const joined = until<PresenceChange>(priya, socketEvents.presence(companyId));
    expect(await view(dana, lead.id)).toEqual({ ok: true });
    expect(await joined).toMatchObject({ userID: office.staff.user.id, state: 'joined' });

    const logBefore = server.log().length;
    await redis.kill();
    // Each process broadcasts a change: its publish waits for Redis, then fails.
    expect(await view(priya, lead.id)).toEqual({ ok: true });
    expect(await view(dana, null)).toEqual({ ok: true });
    await server.waitForLog(/Redis did not take a publish/);

    expect(server.running()).toBe(true);
    for (const base of [server.url, peer.url]) {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      await expect
        .poll(() => readiness(base), { timeout: 15_000, interval: 200 })
        .toEqual({ status: 503, failed: ['redis'] });
    }
    // Every client of the child said it lost Redis once, not once per reconnection attempt.
    for (const client of ['counters', 'socket-pub', 'socket-sub']) {
      expect(warningsAbout(server.log().slice(logBefore), client), client).toEqual([
        expect.stringMatching(/^Redis unreachable/),
        ...(client === 'socket-pub'
          ? [expect.stringMatching(/^Redis did not take a publish/)]
          : []),
      ]);
    }

    await redis.restart();
    // ioredis tries again every 2 s at most.
    for (const base of [server.url, peer.url]) {
      await expect
        .poll(() => readiness(base), { timeout: 15_000, interval: 200 })
        .toEqual({ status: 200, failed: undefined });
    }
    // Live updates cross again, both ways.
    const rejoined = until<PresenceChange>(priya, socketEvents.presence(companyId));
    expect(await view(dana, lead.id)).toEqual({ ok: true });
    expect(await rejoined).toMatchObject({ userID: office.staff.user.id, state: 'joined' });
    const left = until<PresenceChange>(dana, socketEvents.presence(companyId));
    expect(await view(priya, null)).toEqual({ ok: true });
    expect(await left).toMatchObject({ leadID: lead.id, state: 'left' });
    expect(server.running()).toBe(true);
  }, 60_000);
});
