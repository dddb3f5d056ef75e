import { describe, expect, it } from 'vitest';
import { zonedDayBounds } from './zoned-day.js';

describe('the day an instant falls on in a zone', () => {
  it('starts and ends at the zone’s midnights', () => {
    // 02:30 UTC on Nov 25 is still Nov 24 in Chicago (UTC−6).
    const { start, end } = zonedDayBounds(new Date('2026-11-25T02:30:00Z'), 'America/Chicago');
    expect(start.toISOString()).toBe('2026-11-24T06:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-25T06:00:00.000Z');
  });

  it('is 23 hours long when the clocks go forward and 25 when they go back', () => {
    const spring = zonedDayBounds(new Date('2026-03-08T18:00:00Z'), 'America/New_York');
    expect(spring.start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const autumn = zonedDayBounds(new Date('2026-11-01T18:00:00Z'), 'America/New_York');
    expect(autumn.start.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);
  });

  it('works east of UTC too', () => {
    const { start } = zonedDayBounds(new Date('2026-06-01T23:30:00Z'), 'Asia/Tokyo');
    expect(start.toISOString()).toBe('2026-06-01T15:00:00.000Z');
  });
});
