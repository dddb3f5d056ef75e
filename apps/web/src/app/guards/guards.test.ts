import { apiPaths, LEAD_ACCESS_AUDIENCE } from '@leasing/contract';
import { describe, expect, it } from 'vitest';
import { apiError, stubServer } from '../../testing/fake-server';
import { fakeJwt } from '../../testing/fixtures';
import { setNotFoundRedirectFlag, startSession, storageKeys } from '../../lib/storage';
import { accessTokenSignIn } from './access-token-sign-in';
import { loginTypeGuard } from './login-type-guard';
import { notFoundGuard } from './not-found-guard';
import { protectedGuard, protectedWithAccessTokenGuard } from './protected-guard';
import { isSessionExpired } from './session-expiry';

const MINUTE = 60_000;

function locationOf(result: Response | null) {
  return result?.headers.get('Location') ?? null;
}

function requestFor(path: string) {
  return { request: new Request(new URL(path, 'http://localhost')) };
}

function stubConfigServer(sessionLimitMinutes = 60) {
  return stubServer((request) => {
    if (request.url.pathname === apiPaths.config) {
      return {
        body: {
          sessionLimitMinutes,
          minimumFetchIntervalMs: 60 * MINUTE,
          payments: 'on',
          calls: 'twilio',
        },
      };
    }
    if (request.url.pathname === apiPaths.logout) return { status: 204 };
    return apiError(404, 'NOT_FOUND', 'Not found');
  });
}

describe('login-type guard', () => {
  it('sends a signed-in user to the dashboard', () => {
    startSession('token');
    expect(locationOf(loginTypeGuard())).toBe('/main/dashboard');
  });

  it('lets a signed-out user in', () => {
    expect(loginTypeGuard()).toBeNull();
  });
});

describe('protected guard', () => {
  it('sends a user without a token to /account/login', async () => {
    expect(locationOf(await protectedGuard())).toBe('/account/login');
  });

  it('lets a user in within the session limit', async () => {
    stubConfigServer(60);
    startSession('token', Date.now() - 59 * MINUTE);

    expect(await protectedGuard()).toBeNull();
    expect(localStorage.getItem(storageKeys.token)).toBe('token');
  });

  it('signs out a user past the session limit from the remote configuration', async () => {
    const server = stubConfigServer(60);
    startSession('token', Date.now() - 61 * MINUTE);

    expect(locationOf(await protectedGuard())).toBe('/account/login');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.lastLogin)).toBeNull();
    const logout = server.requestsTo(apiPaths.logout, 'POST');
    expect(logout).toHaveLength(1);
    expect(logout[0]?.headers.get('Authorization')).toBe('Bearer token');
  });

  it('uses the default limit when the configuration cannot be fetched', async () => {
    stubServer(() => {
      throw new TypeError('Failed to fetch');
    });
    startSession('token', Date.now() - 11 * 60 * MINUTE);
    expect(await protectedGuard()).toBeNull();

    startSession('token', Date.now() - 13 * 60 * MINUTE);
    expect(locationOf(await protectedGuard())).toBe('/account/login');
  });

  it('never expires a session inside an iframe', async () => {
    stubConfigServer(60);
    startSession('token', Date.now() - 24 * 60 * MINUTE);

    expect(await isSessionExpired({ insideIframe: true })).toBe(false);
    expect(await isSessionExpired({ insideIframe: false })).toBe(true);
  });

  it('fetches the remote configuration once within its minimum fetch interval', async () => {
    const server = stubConfigServer(60);
    startSession('token');

    await protectedGuard();
    await protectedGuard();
    await isSessionExpired({ now: Date.now() + 30 * MINUTE, insideIframe: false });
    expect(server.requestsTo(apiPaths.config)).toHaveLength(1);

    await isSessionExpired({ now: Date.now() + 61 * MINUTE, insideIframe: false });
    expect(server.requestsTo(apiPaths.config)).toHaveLength(2);
  });
});

describe('protected guard with access token', () => {
  it('sends the access_token and the path without its query to the login page', async () => {
    const result = await protectedWithAccessTokenGuard(
      requestFor('/properties/p-1/leads/L-1/escalation?access_token=abc.def.ghi&tab=info'),
    );

    const location = new URL(locationOf(result)!, 'http://localhost');
    expect(location.pathname).toBe('/account/login');
    expect(location.searchParams.get('access_token')).toBe('abc.def.ghi');
    expect(location.searchParams.get('returnUrl')).toBe('/properties/p-1/leads/L-1/escalation');
  });

  it('behaves as the protected guard without an access_token', async () => {
    const result = await protectedWithAccessTokenGuard(
      requestFor('/properties/p/leads/L/escalation'),
    );
    expect(locationOf(result)).toBe('/account/login');
  });
});

describe('access token sign-in (login page)', () => {
  it('stores a valid-looking access_token and continues to returnUrl', () => {
    const token = fakeJwt();
    const result = accessTokenSignIn(
      requestFor(`/account/login?access_token=${token}&returnUrl=/properties/p/leads/L/escalation`),
    );

    expect(locationOf(result)).toBe('/properties/p/leads/L/escalation');
    expect(localStorage.getItem(storageKeys.token)).toBe(token);
    expect(Number(localStorage.getItem(storageKeys.lastLogin))).toBeGreaterThan(0);
  });

  it('goes to the dashboard instead of an unsafe returnUrl', () => {
    const result = accessTokenSignIn(
      requestFor(`/account/login?access_token=${fakeJwt()}&returnUrl=//evil.test`),
    );
    expect(locationOf(result)).toBe('/main/dashboard');
  });

  it("sends a secure link's token to the secure-access page without storing it", () => {
    const token = fakeJwt({ aud: LEAD_ACCESS_AUDIENCE });
    const result = accessTokenSignIn(
      requestFor(`/account/login?access_token=${token}&returnUrl=/properties/p/leads/L/escalation`),
    );

    const location = new URL(locationOf(result)!, 'http://localhost');
    expect(location.pathname).toBe('/secure-access');
    expect(location.searchParams.get('access_token')).toBe(token);
    expect(location.searchParams.get('returnUrl')).toBe('/properties/p/leads/L/escalation');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.lastLogin)).toBeNull();
  });

  it('ignores an access_token that does not look like one', () => {
    expect(accessTokenSignIn(requestFor('/account/login?access_token=nope'))).toBeNull();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });
});

describe('not-found guard', () => {
  it('lets the user in once after the flag is set, consuming it', () => {
    setNotFoundRedirectFlag();

    expect(notFoundGuard()).toBeNull();
    expect(localStorage.getItem(storageKeys.notFoundRedirect)).toBeNull();
    expect(locationOf(notFoundGuard())).toBe('/account/login');
  });

  it('sends the user to the login page without the flag', () => {
    expect(locationOf(notFoundGuard())).toBe('/account/login');
  });
});
