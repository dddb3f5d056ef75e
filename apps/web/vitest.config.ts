import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // Whole-app tests load the lazy routes on first use; with every file running in parallel, a
    // file's first test can take several seconds on a busy machine.
    testTimeout: 15_000,
  },
});
