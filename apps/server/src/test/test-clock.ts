import type { Clock } from '../lib/clock.js';

export type TestClock = {
  now: Clock;
  /** Moves time forward (or back, with a negative amount) for everything reading this clock. */
  advance: (ms: number) => void;
};

/** Real time plus an offset a test moves, so waiting for an expiry takes no waiting. */
export const createTestClock = (): TestClock => {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => {
      offsetMs += ms;
    },
  };
};
