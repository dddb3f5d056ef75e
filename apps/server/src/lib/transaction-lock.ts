import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Serializes everyone who takes the same key until the transaction ends, in every process on the
 * database (a PostgreSQL advisory lock): concurrent deliveries of one webhook, or two first
 * bookings from one phone, wait for the first, then see what it stored. Call inside a transaction.
 */
export const lockForTransaction = async (db: Db, key: string): Promise<void> => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
};
