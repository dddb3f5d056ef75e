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
