/**
 * The one HTTP client of the app. It stays free of React, the router and the toast system (it is
 * bundled on its own for a browser test); what it cannot do itself it announces through
 * auth-events.
 */
import {
  COMPRESSED_PARAMS_HEADER,
  apiErrorSchema,
  apiPaths,
  quietHoursErrorSchema,
  refreshResponseSchema,
} from '@leasing/contract';
import type { AnyErrorCode, QuietHoursError } from '@leasing/contract';
import { trackRead } from './live-sequence';
import { compressToEncodedURIComponent } from 'lz-string';
import type { ZodType } from 'zod';
import { ACCESS_TOKEN_PARAM, paths } from '../config/paths';
import { emitAuthEvent, navigateTo } from './auth-events';
import type { AuthEventMap } from './auth-events';
import { clearStorage, getToken, setNotFoundRedirectFlag, setToken } from './storage';

export type ApiErrorDetail = { path: string; message: string };

/**
 * A failed request. What to do about it is decided from `code` (the contract's `errorCodes`, or the
 * client's own `clientErrorCodes`), never from `message`: that is the sentence shown to people.
 */
export class ApiRequestError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  readonly code: AnyErrorCode;
  readonly details: ApiErrorDetail[];
  /** Seconds from a Retry-After header (429), when the server sent one. */
  readonly retryAfterSeconds: number | null;
  /** `STALE_DRAFT` (409): the events stored since the draft's base, oldest first. */
  readonly newEventIds: string[];
  /** `QUIET_HOURS` (409): the lead's clock and when a text may go. */
  readonly quietHours: QuietHoursError | null;

  constructor(init: {
    status: number;
    code: AnyErrorCode;
    message: string;
    details?: ApiErrorDetail[];
    retryAfterSeconds?: number | null;
    newEventIds?: string[];
    quietHours?: QuietHoursError | null;
  }) {
    super(init.message);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.newEventIds = init.newEventIds ?? [];
    this.quietHours = init.quietHours ?? null;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions<T> = {
  method?: HttpMethod;
  /** JSON-serialised unless it is FormData, a Blob or URLSearchParams. */
  body?: unknown;
  /** Added to the query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Parses the response body; without one the body is returned as unknown JSON. */
  schema?: ZodType<T>;
  /**
   * Leaves 401/403 to the caller: for the auth endpoints themselves (a wrong password is a 401
   * that must not sign anyone out) and for public calls.
   */
  skipAuthHandling?: boolean;
  signal?: AbortSignal;
};

const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';
const INVALID_RESPONSE_MESSAGE = 'The server sent a response this app could not read.';

type SentRequest = {
  response: Response;
  sentToken: string | null;
  ownAuthorization: boolean;
  /** Sent while the page's URL held a secure link's access_token (the credential it carried). */
  fromSecureLink: boolean;
};

export function apiRequest<T = unknown>(
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<T> {
  return requestWith(path, options, (response) => readBody(response, options.schema));
}

export type Download = { blob: Blob; filename: string | null };

/**
 * A file the server answers (a CSV export) as a blob, with the name its Content-Disposition gives.
 * It goes through the same credential, refresh and error handling as every other request, which a
 * plain link cannot: the session's token is a header, not a cookie.
 */
export function apiDownload(
  path: string,
  options: Omit<ApiRequestOptions<never>, 'schema'> & { accept: string },
): Promise<Download> {
  const { accept, ...rest } = options;
  return requestWith(
    path,
    { ...rest, headers: { ...rest.headers, Accept: accept } },
    async (response) => ({
      blob: await response.blob(),
      filename: filenameOf(response.headers.get('Content-Disposition')),
    }),
  );
}

/** The `filename="…"` of a Content-Disposition header, or null. */
export function filenameOf(contentDisposition: string | null): string | null {
  return /filename="([^"]+)"/.exec(contentDisposition ?? '')?.[1] ?? null;
}

async function requestWith<T, R>(
  path: string,
  options: ApiRequestOptions<T>,
  read: (response: Response) => Promise<R>,
): Promise<R> {
  const first = await send(path, options);
  if (first.response.ok) return read(first.response);

  const { status } = first.response;
  const error = await toApiRequestError(first.response);
  if (options.skipAuthHandling || (status !== 401 && status !== 403)) throw error;

  // A secure link's one-off credential cannot be refreshed: the link itself is bad. What the
  // request was sent with decides, not the URL now: when several of the link's requests fail, the
  // first one's answer already left the link for /not-found, and a later one must neither send
  // the page on again (the not-found page opens once per flag) nor refresh a staff session.
  if (first.fromSecureLink) {
    if (currentUrlHasAccessToken()) {
      setNotFoundRedirectFlag();
      navigateTo(paths.notFound.getHref());
    }
    throw error;
  }
  if (status === 401 && getToken() === null) {
    endSession('unauthorized');
    throw error;
  }
  // The caller chose its own credential: refreshing ours would not change what it sends.
  if (first.ownAuthorization) throw error;

  const tokenNow = getToken();
  const alreadyRefreshed = tokenNow !== null && tokenNow !== first.sentToken;
  if (!alreadyRefreshed) {
    try {
      await refreshToken();
    } catch {
      endSession('refresh-failed');
      throw error;
    }
  }

  const second = await send(path, options);
  if (second.response.ok) return read(second.response);
  const secondError = await toApiRequestError(second.response);
  if (second.response.status === 403) {
    emitAuthEvent('forbidden', { message: secondError.message });
  } else if (second.response.status === 401) {
    endSession('unauthorized');
  }
  throw secondError;
}

let refreshInFlight: Promise<string> | null = null;

/**
 * Asks for a new ID token with the refresh cookie and stores it. Concurrent callers share one
 * request, so ten requests failing at once cause one refresh.
 */
export function refreshToken(): Promise<string> {
  refreshInFlight ??= requestNewToken().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * A refreshed token for callers outside `apiRequest` (the live socket, the refresh ahead of expiry),
 * or null when the server refused to refresh it: the session then ends as it does when a request's
 * refresh is refused. Throws when the refresh could not be asked for (offline, server error), which
 * is worth trying again later.
 */
export async function refreshTokenOrEndSession(): Promise<string | null> {
  // A secure link's token cannot be refreshed: when it runs out, the link is spent.
  if (currentUrlHasAccessToken()) {
    setNotFoundRedirectFlag();
    navigateTo(paths.notFound.getHref());
    return null;
  }
  try {
    return await refreshToken();
  } catch (error) {
    const refused =
      error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
    if (!refused) throw error;
    if (currentUrlHasAccessToken()) {
      setNotFoundRedirectFlag();
      navigateTo(paths.notFound.getHref());
    } else {
      endSession('refresh-failed');
    }
    return null;
  }
}

async function requestNewToken(): Promise<string> {
  let response: Response;
  try {
    response = await fetch(apiPaths.refresh, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await toApiRequestError(response);
  const { token } = await readBody(response, refreshResponseSchema);
  setToken(token);
  return token;
}

async function send<T>(path: string, options: ApiRequestOptions<T>): Promise<SentRequest> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const ownAuthorization = headers.has('Authorization');
  const fromSecureLink = currentUrlHasAccessToken();
  const sentToken = getRequestToken();
  if (!ownAuthorization && sentToken !== null) {
    headers.set('Authorization', `Bearer ${sentToken}`);
  }

  let body: BodyInit | undefined;
  if (isRawBody(options.body)) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('Content-Type', 'application/json');
  }

  const compress = headers.get(COMPRESSED_PARAMS_HEADER) === 'true';
  const method = options.method ?? 'GET';
  // A read's live sequence says whether the socket's first connection must load it again.
  const settleRead = method === 'GET' ? trackRead() : () => undefined;
  try {
    const response = await fetch(buildUrl(path, options.query, compress), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
    settleRead(response.ok ? response : null);
    return { response, sentToken, ownAuthorization, fromSecureLink };
  } catch (cause) {
    settleRead(null);
    // Cancellation is the caller's own doing (react-query aborts unused queries): keep it as is.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError();
  }
}

/** Merges `query` into the path's query string; compressed values are what the server expects. */
export function buildUrl(
  path: string,
  query: ApiRequestOptions<unknown>['query'],
  compress: boolean,
) {
  const hashless = path.split('#')[0] ?? '';
  const queryStart = hashless.indexOf('?');
  const base = queryStart === -1 ? hashless : hashless.slice(0, queryStart);
  const params = new URLSearchParams(queryStart === -1 ? '' : hashless.slice(queryStart + 1));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const entries = [...params].map(([key, value]): [string, string] => [
    key,
    compress ? compressToEncodedURIComponent(value) : value,
  ]);
  const search = new URLSearchParams(entries).toString();
  return search ? `${base}?${search}` : base;
}

function isRawBody(body: unknown): body is FormData | Blob | URLSearchParams {
  return body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams;
}

async function readBody<T>(response: Response, schema: ZodType<T> | undefined): Promise<T> {
  const text = await response.text();
  if (text === '') return undefined as T;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalidResponse(response.status);
  }
  if (!schema) return json as T;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw invalidResponse(response.status);
  return parsed.data;
}

async function toApiRequestError(response: Response): Promise<ApiRequestError> {
  const retryAfter = Number(response.headers.get('Retry-After'));
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): fall back to the status below.
  }
  const parsed = apiErrorSchema.safeParse(json);
  if (parsed.success) {
    return new ApiRequestError({
      status: response.status,
      code: parsed.data.error.code,
      message: parsed.data.error.message,
      details: parsed.data.error.details,
      retryAfterSeconds,
      newEventIds: parsed.data.error.newEventIds,
      // The shared schema keeps only the common fields: the 409's own ones are read from the body.
      quietHours: quietHoursErrorSchema.safeParse((json as { error?: unknown }).error).data ?? null,
    });
  }
  return new ApiRequestError({
    status: response.status,
    code: 'HTTP_ERROR',
    message: `The server could not complete the request (status ${response.status}).`,
    retryAfterSeconds,
  });
}

function networkError() {
  return new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
}

function invalidResponse(status: number) {
  return new ApiRequestError({
    status,
    code: 'INVALID_RESPONSE',
    message: INVALID_RESPONSE_MESSAGE,
  });
}

/** The page was opened from a secure link: its access_token, not a staff session, is the credential. */
export function currentUrlHasAccessToken(): boolean {
  return new URLSearchParams(window.location.search).has(ACCESS_TOKEN_PARAM);
}

/**
 * The credential requests and the socket carry: a secure link's access_token while the page's URL
 * holds one, else the stored staff token. The link's token lives only in that tab's URL, so it
 * never becomes the session every tab shares in localStorage.
 */
export function getRequestToken(): string | null {
  return new URLSearchParams(window.location.search).get(ACCESS_TOKEN_PARAM) ?? getToken();
}

function endSession(reason: AuthEventMap['signed-out']['reason']) {
  clearStorage();
  emitAuthEvent('signed-out', { reason });
  // Many requests can fail together; one trip to the login page is enough.
  if (window.location.pathname !== paths.login.path) navigateTo(paths.login.getHref());
}

/** True for a client error the user or the session must fix, where retrying cannot help. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
}
