import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { domainEvent } from './domain-events.js';
import { createEventPort, type PublishedEvent } from './event-port.js';

const note = (noteId: string) =>
  domainEvent('note.added', {
    companyId: 'c1',
    leadId: 'l1',
    noteId,
    actor: { kind: 'system' },
  });

describe('event port', () => {
  let database: Database;
  const errors: Array<Record<string, unknown>> = [];
  const log = { error: (details: Record<string, unknown>) => void errors.push(details) };
  const count = async () => {
    const { rows } = await database.sql.executeSql('select count(*)::int as n from port_test');
    return (rows[0] as { n: number }).n;
  };

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await database.sql.executeSql('create table port_test (note text)');
  });
  afterAll(() => database.close());

  it('publishes what a transaction recorded once it has committed, with an id and a time', async () => {
    const clock = new Date('2026-11-23T10:00:00Z');
    const port = createEventPort({ database, log, now: () => clock });
    const seen: Array<{ event: PublishedEvent; rowsVisible: number }> = [];
    port.subscribe('note.added', 'spy', async (event) => {
      seen.push({ event, rowsVisible: await count() });
    });
    const before = await count();
    await port.transaction(async ({ sql, record }) => {
      await sql.executeSql("insert into port_test values ('a')");
      record(note('n1'));
      expect(seen).toHaveLength(0);
    });
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]?.event).toMatchObject({ type: 'note.added', noteId: 'n1', occurredAt: clock });
    expect(seen[0]?.event.id).toMatch(/^[0-9a-f-]{36}$/);
    // The subscriber, reading outside the transaction, already sees the committed row.
    expect(seen[0]?.rowsVisible).toBe(before + 1);
  });

  it('publishes nothing recorded in a transaction that rolled back', async () => {
    const port = createEventPort({ database, log });
    const seen: string[] = [];
    port.subscribe('*', 'spy', (event) => void seen.push(event.type));
    // Positive control: the same subscriber hears a committed transaction.
    await port.transaction(async ({ record }) => record(note('control')));
    expect(seen).toEqual(['note.added']);

    const before = await count();
    await expect(
      port.transaction(async ({ sql, record }) => {
        await sql.executeSql("insert into port_test values ('b')");
        record(note('n2'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual(['note.added']);
    expect(await count()).toBe(before);
  });

  it('keeps a failing subscriber from breaking the write or the other subscribers', async () => {
    const port = createEventPort({ database, log });
    const seen: string[] = [];
    port.subscribe('note.added', 'throws', () => {
      throw new Error('sync failure');
    });
    port.subscribe('note.added', 'rejects', async () => {
      throw new Error('async failure');
    });
    port.subscribe('note.added', 'healthy', (event) => void seen.push(event.type));
    errors.length = 0;
    const result = await port.transaction(async ({ record }) => {
      record(note('n3'));
      return 'written';
    });
    expect(result).toBe('written');
    expect(seen).toEqual(['note.added']);
    await expect
      .poll(() => errors.map((error) => error.subscriber).sort())
      .toEqual(['rejects', 'throws']);
  });

  it('delivers only the types a subscriber asked for, until it unsubscribes', async () => {
    const port = createEventPort({ database, log });
    const seen: string[] = [];
    const unsubscribe = port.subscribe(['decision.completed'], 'decisions', (event) => {
      seen.push(event.type);
    });
    const decision = domainEvent('decision.completed', {
      companyId: 'c1',
      leadId: 'l1',
      timelineEventId: 'e1',
      actor: { kind: 'system' },
    });
    await port.transaction(async ({ record }) => record(note('n4'), decision));
    expect(seen).toEqual(['decision.completed']);
    unsubscribe();
    await port.transaction(async ({ record }) => record(decision));
    expect(seen).toEqual(['decision.completed']);
  });

  it('commits an in-transaction subscriber’s write with the change, and rolls both back when it fails', async () => {
    const port = createEventPort({ database, log });
    const unsubscribe = port.subscribeInTransaction(
      'note.added',
      'journal',
      async (event, scope) => {
        await scope.sql.executeSql('insert into port_test values ($1)', [
          `journal ${event.noteId}`,
        ]);
      },
    );
    const before = await count();
    await port.transaction(async ({ sql, record }) => {
      await sql.executeSql("insert into port_test values ('c')");
      record(note('n5'));
    });
    expect(await count()).toBe(before + 2);
    unsubscribe();

    const heard: string[] = [];
    port.subscribe('note.added', 'after', (event) => void heard.push(event.type));
    // Positive control: this subscriber hears a transaction whose in-transaction subscribers pass.
    await port.transaction(async ({ record }) => record(note('control')));
    expect(heard).toEqual(['note.added']);
    heard.length = 0;

    port.subscribeInTransaction('note.added', 'broken', async () => {
      throw new Error('journal full');
    });
    await expect(
      port.transaction(async ({ sql, record }) => {
        await sql.executeSql("insert into port_test values ('d')");
        record(note('n6'));
      }),
    ).rejects.toThrow('journal full');
    expect(await count()).toBe(before + 2);
    expect(heard).toEqual([]);
  });
});
