import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    // One server, started once for the run, for the files that need nothing special
    // (support/session.ts); files with their own environment start their own.
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    // A file's `beforeAll` starts a server, which may take up to 3 minutes on a loaded machine.
    hookTimeout: 240_000,
    // A page that loads, signs in and renders can take seconds on a busy 2-core machine.
    expect: { poll: { timeout: 10_000 } },
    // Runs after the unit and integration projects, which would otherwise compete for the 2 cores.
    sequence: { groupOrder: 1 },
  },
});
