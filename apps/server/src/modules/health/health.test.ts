import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { oneDatabase, startTestApp, testConfig, type TestApp } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

describe.each(oneDatabase())('health and queue on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, {}, { seed: 'none' });
  });
  afterAll(() => t.close());

  it('is live and ready once migrations are applied', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: target.name });
  });

  it('is not ready when a migration is missing', async () => {
    const db = t.app.database.db;
    const [last] = (
      await db.execute<{ id: number }>(
        sql`select id from drizzle.__drizzle_migrations order by id desc limit 1`,
      )
    ).rows;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', failed: ['database'] });
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, 'restored', 0)`,
      );
    }
  });

  it('runs jobs through the pg-boss queue in the same database', async () => {
    const queue = 'test-echo';
    await t.app.queue.createQueue(queue);
    const done = new Promise<unknown>((resolve) => {
      void t.app.queue.work<{ value: number }>(
        queue,
        { pollingIntervalSeconds: 0.5 },
        async ([job]) => {
          resolve(job?.data.value);
        },
      );
    });
    await t.app.queue.send(queue, { value: 42 });
    expect(await done).toBe(42);
  });

  it('serves the public remote configuration', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({
      sessionLimitMinutes: 720,
      minimumFetchIntervalMs: 3_600_000,
      // A server with a PUBLIC_URL and no payment host sends no payment links.
      payments: 'off',
      // No Twilio account: the pane offers simulated calls.
      calls: 'sandbox',
    });
  });
});

/**
 * A TCP relay to the live Redis that the test can hold, as if the network to Redis went silent:
 * nothing the app sends gets through until it is released.
 */
const startRedisRelay = async (target = { host: '127.0.0.1', port: 6379 }) => {
  const clients = new Set<Socket>();
  let held = false;
  const server = createServer((client) => {
    const upstream = connect(target);
    clients.add(client);
    if (held) client.pause();
    client.pipe(upstream).pipe(client);
    const drop = () => {
      clients.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const setHeld = (value: boolean) => {
    held = value;
    for (const client of clients) {
      if (value) client.pause();
      else client.resume();
    }
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    hold: () => setHeld(true),
    release: () => setHeld(false),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const client of clients) client.destroy();
      }),
  };
};

describe('readiness with REDIS_URL', () => {
  let relay: Awaited<ReturnType<typeof startRedisRelay>>;
  beforeAll(async () => {
    relay = await startRedisRelay();
  });
  // After the app (registered later, closed first): its Redis clients leave while Redis answers.
  afterAll(() => relay.close());
  const ctx = useTestApp(oneDatabase()[0]!, { env: () => ({ REDIS_URL: relay.url }) });

  it('is ready while Redis answers PING, 503 naming Redis while it does not, and ready again after', async () => {
    const ready = await ctx.request<{ status: string }>('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');

    relay.hold();
    try {
      const down = await ctx.request('GET', '/readyz');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ status: 'unavailable', failed: ['redis'] });
    } finally {
      relay.release();
    }
    expect((await ctx.request('GET', '/readyz')).status).toBe(200);
  });
});

describe('readiness when the job queue has stopped', () => {
  const ctx = useTestApp(oneDatabase()[0]!);

  it('answers 503 naming the queue', async () => {
    expect((await ctx.request('GET', '/readyz')).status).toBe(200);
    await ctx.app.queue.stop({ graceful: false, wait: true });
    const down = await ctx.request('GET', '/readyz');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'unavailable', failed: ['queue'] });
  });
});

/** Everything the app logs, as written. */
const logCapture = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, text: () => lines.join('\n') };
};

describe.each(oneDatabase())('readiness errors on $name', (target) => {
  const log = logCapture();
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database,
      logStream: log.stream,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("tells anyone only which dependency is down; the database's own error goes to the log", async () => {
    const db = app.database.db;
    await db.execute(sql`alter table drizzle.__drizzle_migrations rename to migrations_away`);
    try {
      const down = await app.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', failed: ['database'] });
      expect(down.body).not.toContain('__drizzle_migrations');
      expect(log.text()).toContain('__drizzle_migrations');
    } finally {
      await db.execute(sql`alter table drizzle.migrations_away rename to __drizzle_migrations`);
    }
    // Control: back to ready once the database is whole again.
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
      status: 'ready',
    });
  });
});
