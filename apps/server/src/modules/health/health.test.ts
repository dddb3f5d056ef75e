import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseTargets, startTestApp, type TestApp } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

describe.each(databaseTargets())('health and queue on $name', (target) => {
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
      expect(ready.json().reason).toMatch(/migrations applied/);
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
  const ctx = useTestApp(databaseTargets()[0]!, { env: () => ({ REDIS_URL: relay.url }) });

  it('is ready while Redis answers PING, 503 naming Redis while it does not, and ready again after', async () => {
    const ready = await ctx.request<{ status: string }>('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');

    relay.hold();
    try {
      const down = await ctx.request<{ status: string; failed: string[]; reason: string }>(
        'GET',
        '/readyz',
      );
      expect(down.status).toBe(503);
      expect(down.body.failed).toEqual(['redis']);
      expect(down.body.reason).toBe('redis: Redis did not answer in 2000 ms');
    } finally {
      relay.release();
    }
    expect((await ctx.request('GET', '/readyz')).status).toBe(200);
  });
});

describe('readiness when the job queue has stopped', () => {
  const ctx = useTestApp(databaseTargets()[0]!);

  it('answers 503 naming the queue', async () => {
    expect((await ctx.request('GET', '/readyz')).status).toBe(200);
    await ctx.app.queue.stop({ graceful: false, wait: true });
    const down = await ctx.request<{ failed: string[]; reason: string }>('GET', '/readyz');
    expect(down.status).toBe(503);
    expect(down.body.failed).toEqual(['queue']);
    expect(down.body.reason).toMatch(/queue: the job queue has stopped/);
  });
});
