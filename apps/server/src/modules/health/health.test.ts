import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseTargets, startTestApp, type TestApp } from '../../test/test-app.js';

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
