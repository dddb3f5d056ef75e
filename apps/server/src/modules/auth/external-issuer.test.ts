import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { createOffice } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

const ISSUER = 'https://id.example.test';
const AUDIENCE = 'console-client';

/** A loopback OIDC provider's JWKS endpoint, and a signer for its ID tokens. */
const startIssuer = async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'ext-1', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    jwksUrl: `http://127.0.0.1:${port}/jwks.json`,
    privateKey: privateKey as CryptoKey,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const issuer = await startIssuer();
afterAll(() => issuer.close());

const sign = (claims: Record<string, unknown>, { withExp = true } = {}) => {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'ext-1' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt();
  return (withExp ? jwt.setExpirationTime('5m') : jwt).sign(issuer.privateKey);
};

describe.each(oneDatabase())('ID tokens of an external issuer on $name', (target) => {
  const s = useTestApp(target, {
    seed: 'none',
    env: { AUTH_ISSUER: ISSUER, AUTH_AUDIENCE: AUDIENCE, AUTH_JWKS_URL: issuer.jwksUrl },
  });
  let email: string;
  beforeAll(async () => {
    email = (await createOffice(s.db)).staff.user.email;
  });

  it('accepts a token with a verified email and an expiry (control)', async () => {
    const token = await sign({ sub: 'ext-user', email, email_verified: true });
    const me = await s.request<{ email: string }>('GET', '/api/me', { as: token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
  });

  it('refuses a token that never expires', async () => {
    const token = await sign({ sub: 'ext-user', email, email_verified: true }, { withExp: false });
    expect((await s.request('GET', '/api/me', { as: token })).status).toBe(401);
  });

  it.each([
    ['says the email is not verified', { email_verified: false }],
    ['does not say the email is verified', {}],
    ['says so only as text', { email_verified: 'true' }],
  ])('refuses a token that %s', async (_, verification) => {
    const token = await sign({ sub: 'ext-user', email, ...verification });
    expect((await s.request('GET', '/api/me', { as: token })).status).toBe(401);
  });
});
