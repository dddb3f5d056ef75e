import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';

export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** First key of the advisory locks taken here, so they never meet another feature's locks. */
const LOGIN_LOCK_NAMESPACE = 0x6c6f67;

export const clearLoginFailures = async (db: Db, email: string) => {
  await db.delete(loginFailures).where(eq(loginFailures.email, email.toLowerCase()));
};

export type LoginAttempt = { allowed: true } | { allowed: false; oldest: Date | null };

/**
 * Counts the attempt against the account before the password is checked: under a transaction
 * lock keyed by the email, the account's failures in the window are counted and, below `limit`,
 * one more is recorded. Simultaneous attempts queue on the lock, so at most `limit` pass however
 * many arrive at once. A successful sign-in then clears the account's record, this one included.
 */
export const claimLoginAttempt = (
  db: Db,
  email: string,
  ip: string,
  limit: number,
  now = new Date(),
): Promise<LoginAttempt> =>
  db.transaction(async (tx) => {
    const account = email.toLowerCase();
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LOGIN_LOCK_NAMESPACE}, hashtext(${account}))`,
    );
    const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
    await tx
      .delete(loginFailures)
      .where(and(eq(loginFailures.email, account), lt(loginFailures.createdAt, since)));
    const [row] = await tx
      .select({ count: count(), oldest: min(loginFailures.createdAt) })
      .from(loginFailures)
      .where(and(eq(loginFailures.email, account), gt(loginFailures.createdAt, since)));
    if ((row?.count ?? 0) >= limit) return { allowed: false, oldest: row?.oldest ?? null };
    await tx.insert(loginFailures).values({ email: account, ip });
    return { allowed: true };
  });
