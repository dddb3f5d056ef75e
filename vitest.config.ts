import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/server',
      'apps/web',
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
