import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page that loads, signs in and renders can take seconds on a busy 2-core machine.
    expect: { poll: { timeout: 10_000 } },
    // Each file starts its own server and browser; two at a time suit a 2-core machine.
    maxWorkers: 2,
    // Runs after the unit and integration projects, which would otherwise compete for the 2 cores.
    sequence: { groupOrder: 1 },
  },
});
