import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { DEMO, launchBrowser, signIn } from './browser.js';
import { factoriesFor, type Factories } from './factories.js';
import { sharedServer, startServer, type RunningServer } from './server.js';

export const DESKTOP = { width: 1440, height: 900 };

type Credentials = { email: string; password: string };

type BrowserSessionOptions = {
  /**
   * The server's environment. A function is read when the server starts, after the file's own
   * `beforeAll` hooks registered before this one (a fake provider started there gives its URL).
   */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Extra Chromium switches, e.g. `--host-resolver-rules` for a second host name. */
  browserArgs?: string[];
  /**
   * A server of the file's own even without `env`: for tests that change what the whole company
   * shares (its quiet hours, its webhook endpoints), or restart the server. Without either, the
   * file uses the run's shared server (support/global-setup.ts): its tests build their own data.
   */
  ownServer?: boolean;
};

export type BrowserSession = {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A page in a context of its own, closed after the file's tests (or when the test closes it). */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  /** `newPage`, signed in through the login page as a person would. */
  signedInPage: (options?: BrowserContextOptions, credentials?: Credentials) => Promise<Page>;
  /** The file's factories on its server, acting as the demo company's admin (support/factories.ts). */
  readonly make: Factories;
};

/**
 * The built product and one Chromium for the file: the run's shared server, or (with `env` or
 * `ownServer`) a server of the file's own started before its tests and stopped after them; every
 * context a test opened is closed first.
 */
export const useBrowserSession = (options: BrowserSessionOptions = {}): BrowserSession => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let factories: Factories | undefined;

  beforeAll(async () => {
    if (options.env || options.ownServer) {
      const env = typeof options.env === 'function' ? options.env() : options.env;
      server = await startServer(env);
    } else {
      server = sharedServer(inject('sharedServerUrl'));
    }
    browser = await launchBrowser(options.browserArgs);
  });
  // Closing the browser closes every context a test left open.
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is not started: use it inside a test`);
    return value;
  };
  const newPage = async (contextOptions: BrowserContextOptions = { viewport: DESKTOP }) => {
    const context = await started(browser, 'browser').newContext(contextOptions);
    return context.newPage();
  };

  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    get make() {
      return (factories ??= factoriesFor(started(server, 'server').url));
    },
    newPage,
    signedInPage: async (contextOptions, credentials = DEMO) => {
      const page = await newPage(contextOptions);
      await signIn(page, started(server, 'server').url, credentials);
      return page;
    },
  };
};

/**
 * `useBrowserSession`, and before each test a fresh context signed in as `credentials` (the demo
 * admin unless told), closed after it.
 */
export const useSignedInPage = (
  options: BrowserSessionOptions & {
    context?: BrowserContextOptions;
    credentials?: Credentials;
  } = {},
) => {
  const session = useBrowserSession(options);
  let page: Page | undefined;

  beforeEach(async () => {
    page = await session.signedInPage(options.context, options.credentials);
  });
  afterEach(async () => {
    await page?.context().close();
    page = undefined;
  });

  return {
    newPage: session.newPage,
    signedInPage: session.signedInPage,
    get server() {
      return session.server;
    },
    get browser() {
      return session.browser;
    },
    get make() {
      return session.make;
    },
    /** This test's signed-in page. */
    get page(): Page {
      if (!page) throw new Error('the signed-in page exists only inside a test');
      return page;
    },
  };
};
