import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginFailures } from '../../db/schema/index.js';
import { createOffice } from '../../test/factories.js';
import { everyDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { ACCOUNT_BACKOFF_BASE_MS, claimLoginAttempt } from './login-failures.repository.js';
import { useTestApp, type TestContext } from '../../test/use-test-app.js';

/**
 * An address no other test (or earlier run sharing the Redis store) has used: limits are counted
 * per address, and with REDIS_URL the counts outlive the app.
 */
const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const attemptLogin = (
  s: TestContext,
  options: { remoteAddress: string; forwardedFor?: string; email?: string; password?: string },
) =>
  s.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: options.remoteAddress,
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
    payload: {
      email: options.email ?? `nobody-${randomUUID()}@example.test`,
      password: options.password ?? 'wrong',
    },
  });

describe.each(everyDatabase())('account lockout under concurrency on $name', (target) => {
  const LIMIT = 3;
  const s = useTestApp(target, {
    seed: 'none',
    env: { LOGIN_ACCOUNT_FAILURE_LIMIT: String(LIMIT), LOGIN_IP_LIMIT_PER_MINUTE: '1000' },
  });

  const failuresOf = async (email: string) =>
    (await s.db.select().from(loginFailures).where(eq(loginFailures.email, email))).length;

  it('counts exactly LIMIT of many simultaneous wrong passwords and locks the rest', async () => {
    const { staff } = await createOffice(s.db);
    const { email, password } = staff.credentials;
    const remoteAddress = freshIp();
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 5 }, () => attemptLogin(s, { remoteAddress, email })),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([...Array(LIMIT).fill(401), ...Array(5).fill(429)]);
    expect(await failuresOf(email)).toBe(LIMIT);
    // Locked: even the right password waits for the window.
    expect((await attemptLogin(s, { remoteAddress, email, password })).statusCode).toBe(429);
  });

  it('lets the right password in after fewer than LIMIT simultaneous failures (control)', async () => {
    const { staff } = await createOffice(s.db);
    const { email, password } = staff.credentials;
    const remoteAddress = freshIp();
    const answers = await Promise.all(
      Array.from({ length: LIMIT - 1 }, () => attemptLogin(s, { remoteAddress, email })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(LIMIT - 1).fill(401));
    expect((await attemptLogin(s, { remoteAddress, email, password })).statusCode).toBe(200);
    expect(await failuresOf(email)).toBe(0);
  });
});

describe.each(everyDatabase())('lockout per account and address on $name', (target) => {
  const PER_ADDRESS = 3;
  const PER_ACCOUNT = 6;
  const clock = createTestClock();
  const s = useTestApp(target, {
    seed: 'none',
    now: clock.now,
    env: {
      LOGIN_ACCOUNT_FAILURE_LIMIT: String(PER_ADDRESS),
      LOGIN_ACCOUNT_GLOBAL_FAILURE_LIMIT: String(PER_ACCOUNT),
      LOGIN_IP_LIMIT_PER_MINUTE: '1000',
    },
  });

  const failFrom = async (email: string, remoteAddress: string, times: number) => {
    for (let attempt = 0; attempt < times; attempt += 1) {
      expect((await attemptLogin(s, { remoteAddress, email })).statusCode).toBe(401);
    }
  };

  it("an attacker's failures lock their own address, never the owner's", async () => {
    const { staff } = await createOffice(s.db);
    const { email, password } = staff.credentials;
    const attacker = freshIp();
    await failFrom(email, attacker, PER_ADDRESS);
    expect((await attemptLogin(s, { remoteAddress: attacker, email })).statusCode).toBe(429);

    expect((await attemptLogin(s, { remoteAddress: freshIp(), email, password })).statusCode).toBe(
      200,
    );
    // Control: the attacker's address stays locked, even with the right password.
    const locked = await attemptLogin(s, { remoteAddress: attacker, email, password });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('backs the account off past the account-wide limit, doubling, except for addresses it signed in from', async () => {
    const { staff } = await createOffice(s.db);
    const { email, password } = staff.credentials;
    const owner = freshIp();
    expect((await attemptLogin(s, { remoteAddress: owner, email, password })).statusCode).toBe(200);
    // Failures from many addresses, each under its own limit.
    for (let address = 0; address < PER_ACCOUNT / 2; address += 1) {
      await failFrom(email, freshIp(), 2);
    }

    const waited = await attemptLogin(s, { remoteAddress: freshIp(), email, password });
    expect(waited.statusCode).toBe(429);
    const firstWait = Number(waited.headers['retry-after']);
    expect(firstWait).toBeGreaterThan(0);
    expect(firstWait).toBeLessThanOrEqual(ACCOUNT_BACKOFF_BASE_MS / 1000);
    // The owner's own address is not held back.
    expect((await attemptLogin(s, { remoteAddress: owner, email, password })).statusCode).toBe(200);

    clock.advance(ACCOUNT_BACKOFF_BASE_MS);
    await failFrom(email, freshIp(), 1);
    const longer = await attemptLogin(s, { remoteAddress: freshIp(), email });
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(ACCOUNT_BACKOFF_BASE_MS / 1000);
    expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(
      (2 * ACCOUNT_BACKOFF_BASE_MS) / 1000,
    );
  });

  it('holds nobody back below the account-wide limit, whatever order simultaneous attempts read the clock in', async () => {
    const { staff } = await createOffice(s.db);
    const email = staff.credentials.email;
    const limits = { perAddress: PER_ADDRESS, perAccount: PER_ACCOUNT };
    const read = clock.now();
    // One attempt read the clock a moment later but recorded its failure first.
    const later = await claimLoginAttempt(
      s.db,
      email,
      freshIp(),
      limits,
      new Date(read.getTime() + 5),
    );
    const earlier = await claimLoginAttempt(s.db, email, freshIp(), limits, read);
    expect([later.allowed, earlier.allowed]).toEqual([true, true]);
    // Control: at the limit, the same order is held back.
    for (let failure = 2; failure < PER_ACCOUNT; failure += 1) {
      await claimLoginAttempt(s.db, email, freshIp(), limits, new Date(read.getTime() + 5));
    }
    expect((await claimLoginAttempt(s.db, email, freshIp(), limits, read)).allowed).toBe(false);
  });
});
