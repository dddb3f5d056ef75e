import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { everyDatabase } from '../../test/test-app.js';
import { peekNextSlot, reserveSendSlot } from './sending-rate.js';

describe.each(everyDatabase())('send slots of a number on $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database.close();
  });

  it('hands out slots of one number 1/rate apart, even when asked for all at once', async () => {
    const asked = Date.now();
    const starts = await Promise.all(
      Array.from({ length: 6 }, () => reserveSendSlot(database.db, '+13125550101', 5)),
    );
    const times = starts.map((start) => start.getTime()).sort((a, b) => a - b);
    // The first slot starts when it was asked for, each next one 200 ms after the one before.
    expect(times[0]! - asked).toBeGreaterThanOrEqual(-5);
    for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBe(200);
    expect((await peekNextSlot(database.db, '+13125550101')).getTime()).toBe(times[5]! + 200);
  });

  it('keeps each number to its own slots: another number starts at once', async () => {
    const asked = Date.now();
    const start = await reserveSendSlot(database.db, '+13125550102', 5);
    expect(start.getTime() - asked).toBeLessThan(200);
  });
});
