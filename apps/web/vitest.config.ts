import { defineProject } from 'vitest/config';

/**
 * Files that need a module graph of their own: they replace a module (`vi.mock`), which a graph
 * shared with other files would keep or miss (vitest.isolated.config.ts runs them).
 */
export const isolatedTestFiles = ['src/features/composer/components/emoji-button.test.tsx'];

export const webTest: { environment: 'jsdom'; setupFiles: string[]; testTimeout: number } = {
  environment: 'jsdom',
  setupFiles: ['./src/testing/setup-tests.ts'],
  // Whole-app tests load the lazy routes on first use; with every file running in parallel, a
  // file's first test can take several seconds on a busy machine.
  testTimeout: 15_000,
};

export default defineProject({
  test: {
    ...webTest,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'build-tools/**/*.test.ts'],
    exclude: isolatedTestFiles,
    // One module graph per worker, shared by the files it runs: React, Mantine and the app load
    // once per worker instead of once per file (the web suite's time more than halves). Safe
    // because no file replaces a module and the setup file resets what the app keeps between
    // tests (query cache, socket, storage, toasts, the viewer's pinned zone, timers, globals).
    isolate: false,
  },
});
