import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';

export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const recordLoginFailure = async (db: Db, email: string, ip: string) => {
  await db.insert(loginFailures).values({ email: email.toLowerCase(), ip });
};

export const clearLoginFailures = async (db: Db, email: string) => {
  await db.delete(loginFailures).where(eq(loginFailures.email, email.toLowerCase()));
};

/** Failures for the account inside the window, and when the oldest of them leaves it. */
export const recentLoginFailures = async (db: Db, email: string, now = new Date()) => {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, since));
  const [row] = await db
    .select({ count: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email.toLowerCase()), gt(loginFailures.createdAt, since)));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
};
