import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setNavigator } from '../lib/auth-events';
import { queryClient } from '../lib/query-client';
import { closeSocket, setSocketFactory } from '../lib/socket';
import { pinViewerTimeZone } from '../lib/viewer-time-zone';
import { quietSocketFactory } from './fake-socket';
import { setMatchingMediaQueries, mediaQueryMatches } from './media-queries';

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

// Whole-app tests run many files in parallel; a busy machine must not turn waits into failures.
configure({ asyncUtilTimeout: 5000 });

// A few tests (bundling with esbuild) run in Node and have no DOM to prepare or clean.
const hasDom = typeof window !== 'undefined';

// The signed-in layout opens the live socket; no test reaches for a real server.
setSocketFactory(quietSocketFactory);

// Mantine reads these browser APIs, which jsdom does not implement.
if (hasDom) installDomStubs();

function installDomStubs() {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: mediaQueryMatches(query),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });

  window.ResizeObserver = ResizeObserverStub;
  // Mantine's autosizing textarea re-measures when web fonts finish loading.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
  window.HTMLElement.prototype.scrollIntoView = () => {};
  // Attachment previews draw picked files from object URLs, which jsdom does not make.
  if (typeof URL.createObjectURL !== 'function') {
    let objectUrlCounter = 0;
    URL.createObjectURL = () => `blob:${window.location.origin}/${++objectUrlCounter}`;
    URL.revokeObjectURL = () => {};
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  pinViewerTimeZone(null);
  if (!hasDom) return;
  cleanup();
  // Toasts live in a module-wide store: one test's must not be on screen in the next.
  notifications.clean();
  closeSocket();
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
  setMatchingMediaQueries([]);
  setNavigator(null);
  window.history.replaceState(null, '', '/');
});
