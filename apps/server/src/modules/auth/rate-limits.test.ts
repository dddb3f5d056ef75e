import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { oneDatabase } from '../../test/test-app.js';
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

describe.each(oneDatabase())('sign-in limits behind a proxy on $name', (target) => {
  const direct = useTestApp(target, { seed: 'none', env: { LOGIN_IP_LIMIT_PER_MINUTE: '2' } });
  const proxied = useTestApp(target, {
    seed: 'none',
    env: { LOGIN_IP_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '1' },
  });
  const byCidr = useTestApp(target, {
    seed: 'none',
    env: { LOGIN_IP_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '192.0.2.0/24, 198.51.100.7' },
  });

  const statuses = async (s: TestContext, proxy: string, clients: string[]) => {
    const answers: number[] = [];
    for (const client of clients) {
      answers.push(
        (await attemptLogin(s, { remoteAddress: proxy, forwardedFor: client })).statusCode,
      );
    }
    return answers;
  };

  it('counts every client of an untrusted proxy as the proxy (TRUST_PROXY unset)', async () => {
    const [alice, bob] = [freshIp(), freshIp()];
    expect(await statuses(direct, freshIp(), [alice, alice, bob])).toEqual([401, 401, 429]);
  });

  it('gives each client behind a trusted proxy its own count (TRUST_PROXY=1, one hop)', async () => {
    const [alice, bob] = [freshIp(), freshIp()];
    expect(await statuses(proxied, freshIp(), [alice, alice, alice, bob])).toEqual([
      401, 401, 429, 401,
    ]);
  });

  it('trusts only the listed proxies (TRUST_PROXY as addresses and CIDRs)', async () => {
    const listed = `192.0.2.${randomInt(1, 255)}`;
    const [alice, bob] = [freshIp(), freshIp()];
    expect(await statuses(byCidr, listed, [alice, alice, bob])).toEqual([401, 401, 401]);
    const [carol, dave] = [freshIp(), freshIp()];
    expect(await statuses(byCidr, freshIp(), [carol, carol, dave])).toEqual([401, 401, 429]);
  });
});

describe.each(oneDatabase())('refresh limit per IP on $name', (target) => {
  const s = useTestApp(target, { seed: 'none', env: { REFRESH_IP_LIMIT_PER_MINUTE: '3' } });

  const refreshFrom = (remoteAddress: string) =>
    s.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      remoteAddress,
      cookies: { refresh_token: 'guessed' },
    });

  it('answers 429 with Retry-After once an address refreshes too often, others unaffected', async () => {
    const busy = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) codes.push((await refreshFrom(busy)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    const limited = await refreshFrom(busy);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect((await refreshFrom(freshIp())).statusCode).toBe(401);
  });
});
