import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsFolder } from '../lib/paths.js';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createConversationEvent, uniquePhone } from '../test/factories.js';
import type { Db } from './client.js';
import { openDatabase } from './client.js';
import { consentChanges } from './schema/index.js';

type Journal = { entries: { tag: string }[] };

/**
 * A lead as the tables were at migration 0032: the schema's insert would name columns added since
 * (`leads.source_id`), so the row is written by hand.
 */
const leadBefore0032 = async (
  db: Db,
  property: { id: string; companyId: string },
  {
    name = `Lead ${randomUUID().slice(0, 6)}`,
    phoneOptStatus,
  }: { name?: string; phoneOptStatus: string },
) => {
  const id = randomUUID();
  await db.execute(sql`
    insert into leads (id, company_id, property_id, pms_lead_id, name, phone, phone_opt_status)
    values (${id}, ${property.companyId}, ${property.id}, ${`pms-${id}`}, ${name}, ${uniquePhone()},
            ${phoneOptStatus})`);
  return { id, companyId: property.companyId, name };
};

/** A company and its property as the tables were at migration 0032 (written by hand, as leads). */
const officeBefore0032 = async (db: Db) => {
  const company = { id: randomUUID() };
  const property = { id: randomUUID(), companyId: company.id };
  await db.execute(sql`insert into companies (id, name) values (${company.id}, 'Maple Leasing')`);
  await db.execute(sql`
    insert into properties (id, company_id, pms_property_id, name)
    values (${property.id}, ${company.id}, ${`pms-${property.id}`}, 'Maple Court')`);
  return { company, property };
};

/**
 * Migration 0032 on a database that had leads' STOP texts before consent records were kept: each
 * lead whose texts are off gets the record of its latest STOP text; a lead with an SMS record of
 * its own is left alone.
 */
describe('the consent backfill (migration 0032)', () => {
  const before = mkdtempSync(join(tmpdir(), 'migrations-'));
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  it('records the STOP text of leads whose texts are off, and nothing for leads with a record', async () => {
    // The migrations as they were just before the backfill.
    cpSync(migrationsFolder, before, { recursive: true });
    const journalPath = join(before, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
    const at = journal.entries.findIndex((entry) => entry.tag === '0032_consent_backfill');
    expect(at).toBeGreaterThan(0);
    writeFileSync(
      journalPath,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
    );

    const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    try {
      const db = database.db as unknown as PgliteDatabase;
      await migrate(db, { migrationsFolder: before });
      const { property, company } = await officeBefore0032(database.db);
      const noah = await leadBefore0032(database.db, property, {
        name: 'Noah Kim',
        phoneOptStatus: 'OPT_OUT',
      });
      const stop = (date: string, body: string) =>
        createConversationEvent(database.db, noah, {
          body,
          date: new Date(date),
          data: { optStatusChange: { channel: 'phone', status: 'OPT_OUT' } },
        });
      await stop('2026-11-10T15:00:00.000Z', 'stop');
      const latest = await stop('2026-11-20T15:00:00.000Z', 'UNSUBSCRIBE');
      const kept = await leadBefore0032(database.db, property, { phoneOptStatus: 'OPT_OUT' });
      await createConversationEvent(database.db, kept, {
        body: 'STOP',
        data: { optStatusChange: { channel: 'phone', status: 'OPT_OUT' } },
      });
      await database.db.insert(consentChanges).values({
        companyId: company.id,
        leadId: kept.id,
        channel: 'SMS',
        status: 'OPT_OUT',
        source: 'staff',
        actorName: 'Dana Whitfield',
      });
      // Texts back on: the old STOP is history, not the state.
      const back = await leadBefore0032(database.db, property, { phoneOptStatus: 'OPT_IN' });
      await createConversationEvent(database.db, back, {
        body: 'STOP',
        data: { optStatusChange: { channel: 'phone', status: 'OPT_OUT' } },
      });

      await migrate(db, { migrationsFolder });

      const rows = (leadId: string) =>
        database.db.select().from(consentChanges).where(eq(consentChanges.leadId, leadId));
      expect(
        (await rows(noah.id)).map(({ channel, status, source, message, timelineEventId }) => ({
          channel,
          status,
          source,
          message,
          timelineEventId,
        })),
      ).toEqual([
        {
          channel: 'SMS',
          status: 'OPT_OUT',
          source: 'sms_keyword',
          message: 'UNSUBSCRIBE',
          timelineEventId: latest.id,
        },
      ]);
      expect((await rows(noah.id))[0]!.occurredAt.toISOString()).toBe('2026-11-20T15:00:00.000Z');
      expect((await rows(kept.id)).map((row) => row.source)).toEqual(['staff']);
      expect(await rows(back.id)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
