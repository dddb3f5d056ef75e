import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { signingKeys } from '../../db/schema/index.js';
import { bearer, oneDatabase, login } from '../../test/test-app.js';
import { createOffice, createUser } from '../../test/factories.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp } from '../../test/use-test-app.js';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(oneDatabase())('auth over time on $name', (target) => {
  const clock = createTestClock();
  const s = useTestApp(target, {
    seed: 'none',
    now: clock.now,
    // A session limit past the 30 days, so the refresh token's own lifetime is what ends it.
    env: { REFRESH_REUSE_GRACE_SECONDS: '30', SESSION_LIMIT_MINUTES: String(60 * 24 * 40) },
  });
  let credentials: { email: string; password: string };
  beforeAll(async () => {
    credentials = (await createOffice(s.db)).staff.credentials;
  });

  const refresh = <T = { token: string }>(cookie: string) =>
    s.request<T>('POST', '/api/auth/refresh', { cookies: { refresh_token: cookie } });
  const cookieOf = (response: { headers: Record<string, unknown> }) => {
    const header = String(response.headers['set-cookie'] ?? '');
    return /refresh_token=([^;]*)/.exec(header)?.[1] ?? '';
  };

  it('lets an ID token lapse after its 15 minutes', async () => {
    const { token } = await login(s.app, credentials);
    clock.advance(14 * 60_000);
    expect((await s.request('GET', '/api/me', { as: token })).status).toBe(200);
    clock.advance(61_000);
    const lapsed = await s.request<{ error: { message: string } }>('GET', '/api/me', { as: token });
    expect(lapsed.status).toBe(401);
    expect(lapsed.body.error.message).toMatch(/expired/);
  });

  it('honours a rotated refresh token within the 30-second grace window, and ends the family after it', async () => {
    const { refreshCookie: first } = await login(s.app, credentials);
    const rotated = await refresh(first);
    expect(rotated.status).toBe(200);
    const second = cookieOf(rotated);
    expect(second).not.toBe('');

    clock.advance(29_000);
    const raced = await refresh(first);
    expect(raced.status).toBe(200);

    clock.advance(2_000);
    expect((await refresh(first)).status).toBe(401);
    expect((await refresh(second)).status).toBe(401);
    expect((await refresh(cookieOf(raced))).status).toBe(401);
  });

  it('ends a refresh token after its 30 days', async () => {
    const { refreshCookie: early } = await login(s.app, credentials);
    const { refreshCookie: late } = await login(s.app, credentials);
    clock.advance(29 * 86_400_000);
    expect((await refresh(early)).status).toBe(200);
    clock.advance(86_400_000 + 1_000);
    const ended = await refresh<{ error: { message: string } }>(late);
    expect(ended.status).toBe(401);
    expect(ended.body.error.message).toMatch(/session has ended/);
  });
});

/** The office the sign-in tests use: Dana signs in; Marcus and Priya are her colleagues. */
const OFFICE = { name: 'Lakeside Rentals' };
const DANA_EMAIL = 'dana@lakeside.test';
const MARCUS_EMAIL = 'marcus@lakeside.test';
const PRIYA_EMAIL = 'priya@lakeside.test';

describe.each(oneDatabase())('auth on $name', (target) => {
  const t = useTestApp(target, { seed: 'none', env: { LOGIN_ACCOUNT_FAILURE_LIMIT: '3' } });
  let dana: { email: string; password: string };
  let priya: { email: string; password: string };
  beforeAll(async () => {
    const { db } = t;
    const office = await createOffice(db, { company: OFFICE, staff: { email: DANA_EMAIL } });
    dana = office.staff.credentials;
    await createUser(db, office.company.id, { email: MARCUS_EMAIL });
    priya = (await createUser(db, office.company.id, { email: PRIYA_EMAIL })).credentials;
  });

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });

  /** Signs with the server's own private key, so only the claim under test is wrong. */
  const signWithServerKey = async (
    claims: Record<string, unknown>,
    options: { exp?: number; iss?: string; aud?: string },
  ) => {
    const [key] = await t.app.database.db.select().from(signingKeys);
    if (!key) throw new Error('no signing key');
    const privateKey = await importJWK(key.privateJwk as JWK, 'ES256');
    const { token } = await login(t.app, dana);
    const real = decodeJwt(token);
    return new SignJWT({ ...real, ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid })
      .setIssuer(options.iss ?? String(real.iss))
      .setAudience(options.aud ?? 'leasing-console')
      .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(privateKey);
  };

  it('signs in with a staff account and returns a verifiable ID token and an HttpOnly refresh cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: dana,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; user: { email: string; companyName: string } }>();
    expect(body.user).toMatchObject({ email: DANA_EMAIL, companyName: OFFICE.name });
    const claims = decodeJwt(body.token);
    expect(claims).toMatchObject({
      email: DANA_EMAIL,
      aud: 'leasing-console',
      iss: 'http://localhost:3000',
    });
    expect(typeof claims.companyID).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    const cookie = response.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect((await me(body.token)).json()).toMatchObject({
      email: DANA_EMAIL,
      companyStatus: 'ACTIVE',
    });

    const jwks = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    const jwk = jwks.json<{ keys: JWK[] }>().keys[0];
    expect(jwk).toMatchObject({ kty: 'EC', alg: 'ES256' });
    expect(jwk).not.toHaveProperty('d');
  });

  it('says the same thing for a wrong password and an unknown email', async () => {
    // The right password does set the cookie that the wrong one must not.
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: dana,
    });
    expect(right.cookies.map((cookie) => cookie.name)).toContain('refresh_token');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: MARCUS_EMAIL, password: 'nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@lakeside.test', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.cookies).toHaveLength(0);
  });

  it('answers 400 naming the field for a malformed login', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('body.email');
  });

  it('locks an account with 429 and Retry-After after repeated failures, even for the right password', async () => {
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: priya.email, password },
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt('wrong')).statusCode).toBe(401);
    const locked = await attempt(priya.password);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
  });

  it('rejects a tampered token', async () => {
    const { token } = await login(t.app, dana);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = `${header}.${base64url({ ...claims, companyID: '00000000-0000-4000-a000-000000000000' })}.${signature}`;
    expect((await me(tampered)).statusCode).toBe(401);
  });

  it('rejects alg none', async () => {
    const { token } = await login(t.app, dana);
    const claims = decodeJwt(token);
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
    expect((await me(unsigned)).statusCode).toBe(401);
  });

  it('rejects HS256 signed with the public key', async () => {
    const { token } = await login(t.app, dana);
    const jwks = (await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json<{
      keys: JWK[];
    }>();
    const secret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
    const forged = await new SignJWT(decodeJwt(token))
      .setProtectedHeader({ alg: 'HS256', kid: jwks.keys[0]!.kid })
      .sign(secret);
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('rejects expired tokens and tokens for another audience or issuer', async () => {
    const valid = await signWithServerKey({}, {});
    expect((await me(valid)).statusCode).toBe(200);
    const expired = await signWithServerKey({}, { exp: Math.floor(Date.now() / 1000) - 60 });
    const wrongAud = await signWithServerKey({}, { aud: 'another-app' });
    const wrongIss = await signWithServerKey({}, { iss: 'https://evil.example' });
    for (const token of [expired, wrongAud, wrongIss])
      expect((await me(token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it('rotates the refresh token, and reuse of a rotated one revokes the whole family', async () => {
    const { refreshCookie: first } = await login(t.app, dana);
    const refresh = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { refresh_token: cookie },
      });

    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    expect((await me(rotated.json().token)).statusCode).toBe(200);
    const second = rotated.cookies.find((c) => c.name === 'refresh_token')!.value;
    expect(second).not.toBe(first);

    const reuse = await refresh(first);
    expect(reuse.statusCode).toBe(401);
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('revokes the session on logout', async () => {
    const { refreshCookie } = await login(t.app, dana);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: refreshCookie },
    });
    expect(logout.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: refreshCookie },
    });
    expect(after.statusCode).toBe(401);
  });

  it('keeps signing with the same key after a restart of the app on the same database', async () => {
    const { token } = await login(t.app, dana);
    const { buildApp } = await import('../../app.js');
    const { testConfig } = await import('../../test/test-app.js');
    const restarted = await buildApp({ config: testConfig(), database: t.testApp.database });
    try {
      const response = await restarted.inject({
        method: 'GET',
        url: '/api/me',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});

describe.each(oneDatabase())('login rate limit per IP on $name', (target) => {
  const t = useTestApp(target, { seed: 'none', env: { LOGIN_IP_LIMIT_PER_MINUTE: '4' } });

  it('answers 429 with Retry-After once the address exceeds its limit', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i += 1) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `someone${i}@leasing.test`, password: 'x' },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().error).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('external OIDC issuer', () => {
  let jwksServer: Server;
  let jwksUrl: string;
  let signExternal: (claims: Record<string, unknown>, aud?: string) => Promise<string>;
  const [pglite] = oneDatabase();

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'ext-1', alg: 'RS256', use: 'sig' };
    jwksServer = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const { port } = jwksServer.address() as AddressInfo;
    jwksUrl = `http://127.0.0.1:${port}/jwks.json`;
    signExternal = (claims, aud = 'console-client') =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'ext-1' })
        .setIssuer('https://id.example.test')
        .setAudience(aud)
        .setExpirationTime('5m')
        .sign(privateKey);
  });
  afterAll(() => {
    jwksServer.close();
  });
  const t = useTestApp(pglite!, {
    seed: 'none',
    env: () => ({
      AUTH_ISSUER: 'https://id.example.test',
      AUTH_AUDIENCE: 'console-client',
      AUTH_JWKS_URL: jwksUrl,
    }),
  });
  beforeAll(async () => {
    const { company } = await createOffice(t.db, { company: OFFICE });
    await createUser(t.db, company.id, { email: MARCUS_EMAIL, name: 'Marcus Lee' });
  });

  it('accepts its ID tokens and maps them to a staff user by email', async () => {
    const token = await signExternal({
      sub: 'ext-user',
      email: MARCUS_EMAIL,
      email_verified: true,
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Marcus Lee', companyName: OFFICE.name });
  });

  it('rejects its tokens for an unknown email or another audience', async () => {
    const stranger = await signExternal({
      sub: 'x',
      email: 'stranger@example.com',
      email_verified: true,
    });
    const otherAudience = await signExternal(
      { sub: 'x', email: MARCUS_EMAIL, email_verified: true },
      'another-client',
    );
    for (const token of [stranger, otherAudience]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode,
      ).toBe(401);
    }
  });
});
