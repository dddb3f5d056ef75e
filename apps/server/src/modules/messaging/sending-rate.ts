import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * Reserves the next send slot of a number and answers when it starts. Slots are handed out in the
 * database, so every worker in every process keeps the number to `perSecond` together.
 */
export const reserveSendSlot = async (db: Db, sender: string, perSecond: number): Promise<Date> => {
  const spacingMs = Math.ceil(1000 / perSecond);
  const result = await db.execute<{ start_at: string | Date }>(sql`
    insert into sending_slots (sender, next_at)
    values (${sender}, now() + ${spacingMs} * interval '1 millisecond')
    on conflict (sender) do update
      set next_at = greatest(sending_slots.next_at, now()) + ${spacingMs} * interval '1 millisecond'
    returning next_at - ${spacingMs} * interval '1 millisecond' as start_at
  `);
  return new Date(result.rows[0]!.start_at);
};

export const waitUntil = async (moment: Date) => {
  const delay = moment.getTime() - Date.now();
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
};

/** Longest a worker sleeps for a slot; a job further back is re-enqueued to start later instead. */
export const MAX_SLOT_WAIT_MS = 20_000;

/** When the number's next slot starts, without reserving it. */
export const peekNextSlot = async (db: Db, sender: string): Promise<Date> => {
  const result = await db.execute<{ next_at: string | Date }>(
    sql`select greatest(next_at, now()) as next_at from sending_slots where sender = ${sender}`,
  );
  const row = result.rows[0];
  return row ? new Date(row.next_at) : new Date();
};

/** The number is booked further ahead than a worker may wait. */
export class SlotsBookedError extends Error {
  constructor(readonly retryInSeconds: number) {
    super(`sending number booked for the next ${retryInSeconds} s`);
    this.name = 'SlotsBookedError';
  }
}
