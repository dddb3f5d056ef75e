import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginFailures } from '../../db/schema/index.js';
import { createOffice } from '../../test/factories.js';
import { databaseTargets } from '../../test/test-app.js';
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

describe.each(databaseTargets())('account lockout under concurrency on $name', (target) => {
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
