import type { WeekHours } from '@leasing/contract';

/** Tours all day every day (but the last minute): every hour a test runs at has slots. */
export const ALWAYS_OPEN = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [
    day,
    { open: '00:00', close: '23:59' },
  ]),
) as WeekHours;
