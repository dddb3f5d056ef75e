import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createOffice } from '../test/factories.js';
import { oneDatabase, login, startTestApp, type TestApp } from '../test/test-app.js';
import { companyRoom } from '../lib/socket-rooms.js';

describe('Socket.IO handshake', () => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];
  const [pglite] = oneDatabase();

  let staff: { email: string; password: string };

  beforeAll(async () => {
    t = await startTestApp(pglite!, {}, { seed: 'none' });
    staff = (await createOffice(t.app.database.db)).staff.credentials;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await t.close();
  });

  const open = (token: unknown) => {
    const socket = connect(url, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  };

  it('refuses a connection without a valid token, with a reason', async () => {
    const error = await new Promise<Error>((resolve) =>
      open('not-a-jwt').on('connect_error', resolve),
    );
    expect(error.message).toMatch(/expired or is invalid/);
  });

  it("accepts a signed-in user and puts the socket in its company's room, not another's", async () => {
    const { token } = await login(t.app, staff);
    const socket = open(token);
    await new Promise<void>((resolve, reject) =>
      socket.on('connect', resolve).on('connect_error', reject),
    );
    const principal = await t.app.resolvePrincipal(token);
    const received = new Promise((resolve) => socket.on('ping-test', resolve));
    t.app.io
      .to(companyRoom('00000000-0000-4000-a000-000000000000'))
      .emit('ping-test', 'wrong room');
    t.app.io.to(companyRoom(principal.companyId)).emit('ping-test', 'right room');
    expect(await received).toBe('right room');
  });
});

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('Redis broadcast test not run: REDIS_URL is not set (CI sets it).');

describe.runIf(Boolean(redisUrl))('Socket.IO across two server processes (Redis adapter)', () => {
  const apps: TestApp[] = [];
  const [pglite] = oneDatabase();
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('delivers a broadcast made on one server to a socket connected to the other', async () => {
    for (let i = 0; i < 2; i += 1) {
      const started = await startTestApp(pglite!, { REDIS_URL: redisUrl! }, { seed: 'none' });
      await started.app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(started);
    }
    const [a, b] = apps as [TestApp, TestApp];
    // The staff user signs in on server B, whose database holds them.
    const { token } = await login(b.app, (await createOffice(b.app.database.db)).staff.credentials);
    const port = (b.app.server.address() as AddressInfo).port;
    const socket = connect(`http://127.0.0.1:${port}`, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) =>
        socket.on('connect', resolve).on('connect_error', reject),
      );
      const principal = await b.app.resolvePrincipal(token);
      const received = new Promise((resolve) => socket.on('cross-process', resolve));
      a.app.io.to(companyRoom(principal.companyId)).emit('cross-process', 'from server A');
      expect(await received).toBe('from server A');
    } finally {
      socket.close();
    }
  });
});
