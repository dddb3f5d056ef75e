import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsFolder } from '../lib/paths.js';
import { openDatabase } from './client.js';

type Journal = { entries: { tag: string }[] };

/**
 * The migration that adds the number release hold also empties the answers the webhook delivery
 * log kept before (`HTTP 500: <the receiver's first 500 characters>` → `HTTP 500`).
 */
describe('the webhook answer backfill (number_release_hold migration)', () => {
  const before = mkdtempSync(join(tmpdir(), 'migrations-'));
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  it("keeps the status code of a stored answer and drops the receiver's words; other errors stay", async () => {
    cpSync(migrationsFolder, before, { recursive: true });
    const journalPath = join(before, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
    const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_number_release_hold'));
    expect(at).toBeGreaterThan(0);
    writeFileSync(
      journalPath,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
    );

    const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    try {
      const db = database.db as unknown as PgliteDatabase;
      await migrate(db, { migrationsFolder: before });
      // Raw rows: the schema in code may be ahead of the migrations applied so far.
      const { rows } = await database.db.execute<{ delivery: string }>(sql`
        with company as (insert into companies (name) values ('Lakeside') returning id),
        endpoint as (
          insert into webhook_endpoints (company_id, url, events, secret)
          select id, 'https://hooks.example.com/x', array['note.added'], 'whsec_x' from company
          returning id, company_id
        )
        insert into webhook_deliveries (company_id, endpoint_id, event, dedupe_key, payload, last_error)
        select company_id, id, 'note.added', 'k1', '{}'::jsonb, 'HTTP 502: upstream 10.0.0.7 said no'
        from endpoint
        returning id as delivery`);
      const delivery = rows[0]!.delivery;
      await database.db.execute(sql`
        insert into webhook_delivery_attempts (delivery_id, number, started_at, duration_ms, status_code, error)
        values (${delivery}, 1, now(), 12, 500, 'HTTP 500: password=hunter2'),
               (${delivery}, 2, now(), 500, null, 'Timed out after 500 ms'),
               (${delivery}, 3, now(), 9, 404, 'HTTP 404')`);

      await migrate(db, { migrationsFolder });

      const attempts = await database.db.execute<{ error: string }>(
        sql`select error from webhook_delivery_attempts order by number`,
      );
      expect(attempts.rows.map((row) => row.error)).toEqual([
        'HTTP 500',
        'Timed out after 500 ms',
        'HTTP 404',
      ]);
      const deliveries = await database.db.execute<{ last_error: string }>(
        sql`select last_error from webhook_deliveries`,
      );
      expect(deliveries.rows).toEqual([{ last_error: 'HTTP 502' }]);
    } finally {
      await database.close();
    }
  });
});
