import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // One module graph per worker, shared by the files it runs: each file builds its own app and
    // database (test/test-app.ts), so loading the server's modules once per worker instead of once
    // per file is the only difference (it halves the server suite's time).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
