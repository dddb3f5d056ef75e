import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Most of a test's time is spent waiting (databases, child processes, sockets, a browser): two
    // files at a time use a 2-core machine's cores (vitest's default there is one). Set here for
    // every project: projects that share a group must share this number.
    maxWorkers: 2,
    projects: [
      'packages/contract',
      'apps/server',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
      'e2e',
      // Repository-wide checks (the lint boundaries).
      {
        test: {
          name: 'repo',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
