import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../db/client.js';
import {
  bearer,
  freePort,
  login,
  startTestApp,
  type DatabaseTarget,
  type StartTestAppOptions,
  type TestApp,
} from './test-app.js';

export type TestResponse<T> = {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The JSON body, or undefined when the answer has none (204) or is not JSON. */
  body: T;
  text: string;
};

export type RequestOptions = {
  /** The bearer token to send; none when omitted. */
  as?: string;
  payload?: unknown;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type TestContext = {
  /** The running app (throws before `beforeAll` has run). */
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly testApp: TestApp;
  /** Where the app listens, with `listen: true` (throws otherwise). */
  readonly url: string;
  /** Signs in with these credentials and answers the ID token. */
  signIn: (credentials: { email: string; password: string }) => Promise<string>;
  request: <T = unknown>(
    method: HttpMethod,
    url: string,
    options?: RequestOptions,
  ) => Promise<TestResponse<T>>;
};

type Env = Record<string, string>;

export type UseTestAppOptions = StartTestAppOptions & {
  /**
   * Settings on top of the test defaults. A function is called when the app starts, after the
   * `beforeAll` hooks registered before `useTestApp`: for values known only then (a fake's URL,
   * or the address the app will listen on, to make it PUBLIC_URL).
   */
  env?: Env | ((app: { url: string | undefined }) => Env | Promise<Env>);
  /** Listens on a free loopback port, for socket and HTTP clients (`url`). */
  listen?: boolean;
};

/**
 * A start or a close that timed out names its plugin or hook by the function's name only, which an
 * inline one has not (`Plugin did not start in time: ''`): the start of its source says which.
 */
const namePluginThatHung = (error: unknown) => {
  const hung = error as Error & { fn?: unknown; cause?: { fn?: unknown } };
  const fn = hung.fn ?? hung.cause?.fn;
  if (typeof fn === 'function') hung.message += ` — the plugin: ${String(fn).slice(0, 300)}`;
  return error;
};

/**
 * Starts the real app on `target` before the describe block's tests and closes it after them: the
 * setup every integration test file needs, in one place.
 */
export const useTestApp = (
  target: DatabaseTarget,
  { env = {}, listen = false, ...options }: UseTestAppOptions = {},
): TestContext => {
  let started: TestApp | undefined;
  let url: string | undefined;
  const running = () => {
    if (!started) throw new Error('the test app is not started yet: use it inside a test or hook');
    return started;
  };

  beforeAll(async () => {
    const port = listen ? await freePort() : undefined;
    const address = port === undefined ? undefined : `http://127.0.0.1:${port}`;
    const settings = typeof env === 'function' ? await env({ url: address }) : env;
    try {
      started = await startTestApp(target, settings, options);
      if (port !== undefined) {
        await started.app.listen({ port, host: '127.0.0.1' });
        url = address;
      }
    } catch (error) {
      throw namePluginThatHung(error);
    }
  });
  afterAll(async () => {
    try {
      // The test's own clients are done: a connection one of them left busy (an answer not read
      // to its end) would hold the server's close until the hook's minute runs out.
      if (url) started?.app.server.closeAllConnections();
      await started?.close();
    } catch (error) {
      throw namePluginThatHung(error);
    }
  });

  return {
    get app() {
      return running().app;
    },
    get db() {
      return running().app.database.db;
    },
    get testApp() {
      return running();
    },
    get url() {
      running();
      if (!url) throw new Error('the test app does not listen: pass `listen: true`');
      return url;
    },
    signIn: async (credentials) => (await login(running().app, credentials)).token,
    request: async <T>(method: HttpMethod, url: string, options: RequestOptions = {}) => {
      const response = await running().app.inject({
        method,
        url,
        headers: { ...(options.as ? bearer(options.as) : {}), ...options.headers },
        cookies: options.cookies,
        payload: options.payload as object | string | undefined,
      });
      const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
      return {
        status: response.statusCode,
        headers: response.headers,
        body: (isJson && response.body ? JSON.parse(response.body) : undefined) as T,
        text: response.body,
      };
    },
  };
};
