import { errorCodes } from '@leasing/contract';
import type { ErrorCode } from '@leasing/contract';
import { vi } from 'vitest';

export type RecordedRequest = {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
};

export type FakeResponse = {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
};

export type FakeHandler = (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;

function toUrl(input: RequestInfo | URL): URL {
  if (input instanceof URL) return input;
  return new URL(typeof input === 'string' ? input : input.url, window.location.origin);
}

function readBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * Replaces `fetch` with a server played by `handler` and records every request. The server is a
 * third party from the client's point of view, so this is the one thing tests stub.
 */
export function stubServer(handler: FakeHandler) {
  const requests: RecordedRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url: toUrl(input),
      headers: new Headers(init.headers),
      body: readBody(init.body),
    };
    requests.push(request);
    const { status = 200, body, headers } = await handler(request);
    const hasBody = body !== undefined && status !== 204;
    return new Response(hasBody ? JSON.stringify(body) : null, {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    requests,
    requestsTo: (pathname: string, method = 'GET') =>
      requests.filter((request) => request.url.pathname === pathname && request.method === method),
  };
}

/** An error as the server answers it: a code of the contract, with the status the contract gives it. */
export function apiError(status: number, code: ErrorCode, message: string): FakeResponse {
  if (errorCodes[code].status !== status) {
    throw new Error(`The server answers ${code} with ${errorCodes[code].status}, not ${status}.`);
  }
  return { status, body: { error: { code, message } } };
}

export type RouteAnswer = FakeResponse | FakeHandler;

/**
 * A server from a table of `'METHOD /path'` entries; anything else answers 404. The public
 * configuration is answered unless the table says otherwise.
 */
export function stubRoutes(routes: Record<string, RouteAnswer>) {
  const table: Record<string, RouteAnswer> = {
    'GET /api/config': {
      body: {
        sessionLimitMinutes: 720,
        minimumFetchIntervalMs: 3_600_000,
        payments: 'on',
        calls: 'twilio',
      },
    },
    'POST /api/auth/logout': { status: 204 },
    ...routes,
  };
  return stubServer((request) => {
    const answer = table[`${request.method} ${request.url.pathname}`];
    if (!answer) return apiError(404, 'NOT_FOUND', `No fake route for ${request.url.pathname}`);
    return typeof answer === 'function' ? answer(request) : answer;
  });
}
