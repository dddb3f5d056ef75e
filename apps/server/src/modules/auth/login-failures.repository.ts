import { and, count, eq, gt, lt, max, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures, loginKnownAddresses } from '../../db/schema/index.js';

export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** How long an address that signed in to an account stays exempt from its account-wide back-off. */
export const KNOWN_ADDRESS_MS = 30 * 86_400_000;

/** First key of the advisory locks taken here, so they never meet another feature's locks. */
const LOGIN_LOCK_NAMESPACE = 0x6c6f67;

/** The failure limits: per account and address (a lock), and per account from everywhere (a back-off). */
export type LoginFailureLimits = { perAddress: number; perAccount: number };

export type LoginAttempt = { allowed: true } | { allowed: false; retryAt: Date };

/** The account-wide back-off's first delay; each further failure doubles it. */
export const ACCOUNT_BACKOFF_BASE_MS = 10_000;

/**
 * How long the account waits after its latest failure once `failures` from all addresses reach
 * `limit`: 10 s at the limit, doubling with every further failure, at most the window.
 */
export const accountBackoffMs = (failures: number, limit: number) =>
  failures < limit
    ? 0
    : Math.min(
        LOGIN_FAILURE_WINDOW_MS,
        ACCOUNT_BACKOFF_BASE_MS * 2 ** Math.min(failures - limit, 30),
      );

/**
 * Counts the attempt before the password is checked, under a transaction lock keyed by the email
 * so simultaneous attempts queue and none slips past a limit:
 * - an address with `perAddress` failures on the account in the window is locked out of it for the
 *   rest of the window;
 * - past `perAccount` failures from all addresses, an address that has not signed in to the account
 *   lately waits an exponentially growing delay after the latest failure (`accountBackoffMs`):
 *   guesses from many addresses slow to a trickle, while the owner's own address stays open.
 * An allowed attempt is recorded as a failure; a successful sign-in clears its address's record.
 */
export const claimLoginAttempt = (
  db: Db,
  email: string,
  ip: string,
  limits: LoginFailureLimits,
  now: Date,
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
    const recent = and(eq(loginFailures.email, account), gt(loginFailures.createdAt, since));
    const [fromAddress] = await tx
      .select({ count: count(), oldest: min(loginFailures.createdAt) })
      .from(loginFailures)
      .where(and(recent, eq(loginFailures.ip, ip)));
    if ((fromAddress?.count ?? 0) >= limits.perAddress) {
      const oldest = fromAddress?.oldest ?? now;
      return { allowed: false, retryAt: new Date(oldest.getTime() + LOGIN_FAILURE_WINDOW_MS) };
    }
    const [fromAll] = await tx
      .select({ count: count(), latest: max(loginFailures.createdAt) })
      .from(loginFailures)
      .where(recent);
    const backoff = accountBackoffMs(fromAll?.count ?? 0, limits.perAccount);
    const retryAt = new Date((fromAll?.latest ?? now).getTime() + backoff);
    // Below the limit there is no back-off, whatever the order simultaneous attempts read the clock in.
    if (backoff > 0 && retryAt > now && !(await isKnownAddress(tx, account, ip, now))) {
      return { allowed: false, retryAt };
    }
    await tx.insert(loginFailures).values({ email: account, ip, createdAt: now });
    return { allowed: true };
  });

const isKnownAddress = async (db: Db, account: string, ip: string, now: Date) => {
  const rows = await db
    .select({ ip: loginKnownAddresses.ip })
    .from(loginKnownAddresses)
    .where(
      and(
        eq(loginKnownAddresses.email, account),
        eq(loginKnownAddresses.ip, ip),
        gt(loginKnownAddresses.lastSignInAt, new Date(now.getTime() - KNOWN_ADDRESS_MS)),
      ),
    );
  return rows.length > 0;
};

/**
 * A successful sign-in: this address's failures on the account are cleared (others' stay, so a
 * guesser elsewhere gains nothing) and the address is remembered as the account's.
 */
export const recordLoginSuccess = async (db: Db, email: string, ip: string, now: Date) => {
  const account = email.toLowerCase();
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, account), eq(loginFailures.ip, ip)));
  await db
    .insert(loginKnownAddresses)
    .values({ email: account, ip, lastSignInAt: now })
    .onConflictDoUpdate({
      target: [loginKnownAddresses.email, loginKnownAddresses.ip],
      set: { lastSignInAt: now },
    });
  // Addresses not seen for long are forgotten, so the list stays short.
  await db
    .delete(loginKnownAddresses)
    .where(
      and(
        eq(loginKnownAddresses.email, account),
        lt(loginKnownAddresses.lastSignInAt, new Date(now.getTime() - KNOWN_ADDRESS_MS)),
      ),
    );
};
