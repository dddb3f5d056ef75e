import { COMPRESSED_PARAMS_HEADER, apiPaths, meSchema } from '@leasing/contract';
import { decompressFromEncodedURIComponent } from 'lz-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubServer } from '../testing/fake-server';
import { demoUser } from '../testing/fixtures';
import { ApiRequestError, apiRequest, buildUrl } from './api-client';
import { onAuthEvent, setNavigator } from './auth-events';
import { getToken, setToken, storageKeys } from './storage';

const navigations: string[] = [];

beforeEach(() => {
  navigations.length = 0;
  setNavigator((to) => navigations.push(to));
});

afterEach(() => {
  setNavigator(null);
});

describe('apiRequest headers and query', () => {
  it('sends the stored token as a Bearer token', async () => {
    setToken('token-a');
    const server = stubServer(() => ({ body: demoUser }));

    const user = await apiRequest(apiPaths.me, { schema: meSchema });

    expect(user).toEqual(demoUser);
    expect(server.requests[0]?.headers.get('Authorization')).toBe('Bearer token-a');
  });

  it('keeps an Authorization header the request already sets', async () => {
    setToken('token-a');
    const server = stubServer(() => ({ body: {} }));

    await apiRequest('/api/anything', { headers: { Authorization: 'Bearer link-token' } });

    expect(server.requests[0]?.headers.get('Authorization')).toBe('Bearer link-token');
  });

  it('compresses every query value when x-compressed-params is true, and sends the header', async () => {
    const server = stubServer(() => ({ body: {} }));

    await apiRequest('/api/search?term=Jordan Prospect', {
      query: { cursor: 'abc/def==', limit: 25, skipped: undefined },
      headers: { [COMPRESSED_PARAMS_HEADER]: 'true' },
    });

    const request = server.requests[0]!;
    expect(request.headers.get(COMPRESSED_PARAMS_HEADER)).toBe('true');
    const sent = Object.fromEntries(request.url.searchParams);
    expect(Object.keys(sent)).toEqual(['term', 'cursor', 'limit']);
    expect(sent.cursor).not.toBe('abc/def==');
    expect(decompressFromEncodedURIComponent(sent.term!)).toBe('Jordan Prospect');
    expect(decompressFromEncodedURIComponent(sent.cursor!)).toBe('abc/def==');
    expect(decompressFromEncodedURIComponent(sent.limit!)).toBe('25');
  });

  it('leaves query values as they are without the header', () => {
    expect(buildUrl('/api/leads', { cursor: 'a b', limit: 10, none: null }, false)).toBe(
      '/api/leads?cursor=a+b&limit=10',
    );
  });
});

describe('apiRequest errors', () => {
  it("rejects with the server's code and message", async () => {
    setToken('token-a');
    stubServer(() => apiError(404, 'NOT_FOUND', 'Lead not found'));

    const error = await apiRequest('/api/properties/p/leads/x').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Lead not found' });
  });

  it('turns a network failure into a readable error', async () => {
    stubServer(() => {
      throw new TypeError('Failed to fetch');
    });

    await expect(apiRequest(apiPaths.config)).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Could not reach the server. Check your connection and try again.',
    });
  });

  it('rejects a response that does not match the schema', async () => {
    stubServer(() => ({ body: { name: 'no id' } }));

    await expect(apiRequest(apiPaths.me, { schema: meSchema })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('reads an error that is not the API’s (a proxy’s page, a code the contract lacks) as HTTP_ERROR', async () => {
    setToken('token-a');
    let answer: { status: number; body: unknown } = { status: 502, body: '<h1>Bad Gateway</h1>' };
    stubServer(() => answer);

    await expect(apiRequest(apiPaths.config)).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_ERROR',
      message: 'The server could not complete the request (status 502).',
    });
    answer = { status: 409, body: { error: { code: 'NOT_IN_THE_CONTRACT', message: 'Hm.' } } };
    await expect(apiRequest(apiPaths.config)).rejects.toMatchObject({
      status: 409,
      code: 'HTTP_ERROR',
    });
  });

  it('leaves a 401 to the caller when asked to (a wrong password is not a lapsed session)', async () => {
    setToken('token-a');
    const server = stubServer(() =>
      apiError(401, 'INVALID_CREDENTIALS', 'Email or password is incorrect.'),
    );

    await expect(
      apiRequest(apiPaths.login, { method: 'POST', body: {}, skipAuthHandling: true }),
    ).rejects.toMatchObject({ status: 401, message: 'Email or password is incorrect.' });
    expect(getToken()).toBe('token-a');
    expect(navigations).toEqual([]);
    expect(server.requestsTo(apiPaths.refresh, 'POST')).toHaveLength(0);
  });
});

describe('apiRequest session handling', () => {
  it('clears storage and goes to the login page on a 401 without a stored token', async () => {
    localStorage.setItem(storageKeys.lastLogin, '1');
    const server = stubServer(() => apiError(401, 'UNAUTHORIZED', 'Sign in first'));

    await expect(apiRequest(apiPaths.properties)).rejects.toMatchObject({ status: 401 });

    expect(localStorage.length).toBe(0);
    expect(navigations).toEqual(['/account/login']);
    expect(server.requestsTo(apiPaths.refresh, 'POST')).toHaveLength(0);
  });

  it('refreshes once for ten concurrent 401s and resends each request once', async () => {
    setToken('old-token');
    let answerRefresh = () => {};
    const refreshAnswered = new Promise<void>((resolve) => (answerRefresh = resolve));
    const server = stubServer(async (request) => {
      if (request.url.pathname === apiPaths.refresh) {
        // Held until the test answers it: each of the ten 401s meets the refresh under way.
        await refreshAnswered;
        return { body: { token: 'new-token' } };
      }
      return request.headers.get('Authorization') === 'Bearer new-token'
        ? { body: { path: request.url.pathname } }
        : apiError(401, 'UNAUTHORIZED', 'Token expired');
    });

    const paths = Array.from({ length: 10 }, (_, index) => `/api/item/${index}`);
    const answers = Promise.all(paths.map((path) => apiRequest(path)));
    // All ten were refused, and the refresh they wait for was asked for.
    await vi.waitFor(() => {
      expect(
        server.requests.filter((request) => request.url.pathname !== apiPaths.refresh),
      ).toHaveLength(10);
      expect(server.requestsTo(apiPaths.refresh, 'POST')).toHaveLength(1);
    });
    answerRefresh();
    const results = await answers;

    expect(results).toEqual(paths.map((path) => ({ path })));
    const refreshes = server.requestsTo(apiPaths.refresh, 'POST');
    expect(refreshes).toHaveLength(1);
    for (const path of paths) expect(server.requestsTo(path)).toHaveLength(2);
    expect(getToken()).toBe('new-token');
    expect(navigations).toEqual([]);
  });

  it('sends the refresh request with the cookie and no body', async () => {
    setToken('old-token');
    stubServer((request) => {
      if (request.url.pathname === apiPaths.refresh) return { body: { token: 'new-token' } };
      return request.headers.get('Authorization') === 'Bearer new-token'
        ? { body: {} }
        : apiError(403, 'FORBIDDEN', 'User is not permitted');
    });

    await apiRequest(apiPaths.properties);

    const calls = vi.mocked(fetch).mock.calls;
    const refreshInit = calls.find(([input]) => input === apiPaths.refresh)?.[1];
    expect(refreshInit).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(refreshInit?.body).toBeUndefined();
    expect(calls.every(([, init]) => init?.credentials === 'same-origin')).toBe(true);
  });

  it('emits forbidden and rejects when a request is still 403 after the refresh', async () => {
    setToken('old-token');
    const forbidden = vi.fn();
    const unsubscribe = onAuthEvent('forbidden', forbidden);
    const server = stubServer((request) =>
      request.url.pathname === apiPaths.refresh
        ? { body: { token: 'new-token' } }
        : apiError(403, 'FORBIDDEN', 'User is not permitted'),
    );

    await expect(apiRequest('/api/properties/other/leads')).rejects.toMatchObject({
      status: 403,
      message: 'User is not permitted',
    });

    unsubscribe();
    expect(forbidden).toHaveBeenCalledOnce();
    expect(forbidden).toHaveBeenCalledWith({ message: 'User is not permitted' });
    expect(server.requestsTo('/api/properties/other/leads')).toHaveLength(2);
    expect(server.requestsTo(apiPaths.refresh, 'POST')).toHaveLength(1);
    expect(getToken()).toBe('new-token');
    expect(navigations).toEqual([]);
  });

  it('signs out when the resent request is still 401', async () => {
    setToken('old-token');
    const signedOut = vi.fn();
    const unsubscribe = onAuthEvent('signed-out', signedOut);
    const server = stubServer((request) =>
      request.url.pathname === apiPaths.refresh
        ? { body: { token: 'new-token' } }
        : apiError(401, 'UNAUTHORIZED', 'Token revoked'),
    );

    await expect(apiRequest(apiPaths.properties)).rejects.toMatchObject({ status: 401 });

    unsubscribe();
    expect(server.requestsTo(apiPaths.properties)).toHaveLength(2);
    expect(getToken()).toBeNull();
    expect(signedOut).toHaveBeenCalledWith({ reason: 'unauthorized' });
    expect(navigations).toEqual(['/account/login']);
  });

  it('signs out when the refresh fails, without resending', async () => {
    setToken('old-token');
    const server = stubServer((request) =>
      request.url.pathname === apiPaths.refresh
        ? apiError(401, 'UNAUTHORIZED', 'No refresh cookie')
        : apiError(401, 'UNAUTHORIZED', 'Token expired'),
    );

    const results = await Promise.allSettled([
      apiRequest(apiPaths.properties),
      apiRequest(apiPaths.me),
    ]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(server.requestsTo(apiPaths.refresh, 'POST')).toHaveLength(1);
    expect(server.requestsTo(apiPaths.properties)).toHaveLength(1);
    expect(localStorage.length).toBe(0);
    expect(navigations[0]).toBe('/account/login');
  });

  it('goes to /not-found with the one-time flag when the URL holds an access_token', async () => {
    window.history.replaceState(null, '', '/secure-access?access_token=abc.def.ghi');
    setToken('link-token');
    const server = stubServer(() => apiError(403, 'FORBIDDEN', 'User is not permitted'));

    await expect(apiRequest(apiPaths.properties)).rejects.toMatchObject({ status: 403 });

    expect(localStorage.getItem(storageKeys.notFoundRedirect)).toBe('true');
    expect(navigations).toEqual(['/not-found']);
    expect(server.requestsTo(apiPaths.refresh, 'POST')).toHaveLength(0);
    expect(server.requests).toHaveLength(1);
  });

  it("leaves a link's late 403 alone once an earlier one went to /not-found", async () => {
    window.history.replaceState(null, '', '/secure-access?access_token=abc.def.ghi');
    // As the router does: the page is on /not-found, without the link's token, once sent there.
    setNavigator((to) => {
      navigations.push(to);
      window.history.replaceState(null, '', to);
    });
    let answerLate = () => {};
    const lateAnswer = new Promise<void>((resolve) => (answerLate = resolve));
    const server = stubServer(async (request) => {
      if (request.url.pathname === apiPaths.me) await lateAnswer;
      return apiError(403, 'FORBIDDEN', 'User is not permitted');
    });

    const late = apiRequest(apiPaths.me);
    await expect(apiRequest(apiPaths.properties)).rejects.toMatchObject({ status: 403 });
    expect(navigations).toEqual(['/not-found']);
    // The not-found page consumed its one-time flag.
    localStorage.removeItem(storageKeys.notFoundRedirect);
    answerLate();

    await expect(late).rejects.toMatchObject({ status: 403 });
    expect(navigations).toEqual(['/not-found']);
    expect(server.requestsTo(apiPaths.refresh, 'POST')).toHaveLength(0);
    expect(localStorage.getItem(storageKeys.notFoundRedirect)).toBeNull();
  });
});
