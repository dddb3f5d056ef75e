import { describe, expect, it } from 'vitest';
import {
  parseTourDate,
  parseTourTime,
  tourInstantFromStrings,
  tourStringsOf,
  wallTimeToUtc,
} from './tour-time.js';

describe('tour times from a PMS', () => {
  it('reads the date formats PMS systems send', () => {
    const march5 = { year: 2026, month: 3, day: 5 };
    expect(parseTourDate('Mar 5, 2026')).toEqual(march5);
    expect(parseTourDate('March 5 2026')).toEqual(march5);
    expect(parseTourDate('2026-03-05')).toEqual(march5);
    expect(parseTourDate('3/5/2026')).toEqual(march5);
    expect(parseTourDate('Feb 30, 2026')).toBeNull();
    expect(parseTourDate('Smarch 5, 2026')).toBeNull();
    expect(parseTourDate('tomorrow')).toBeNull();
  });

  it('reads 12-hour and 24-hour times, and refuses what is ambiguous', () => {
    expect(parseTourTime('2:00 PM')).toEqual({ hour: 14, minute: 0 });
    expect(parseTourTime('2pm')).toEqual({ hour: 14, minute: 0 });
    expect(parseTourTime('12:30 AM')).toEqual({ hour: 0, minute: 30 });
    expect(parseTourTime('12:15 p.m.')).toEqual({ hour: 12, minute: 15 });
    expect(parseTourTime('14:45')).toEqual({ hour: 14, minute: 45 });
    expect(parseTourTime('2')).toBeNull();
    expect(parseTourTime('13:00 PM')).toBeNull();
    expect(parseTourTime('9:75 AM')).toBeNull();
  });

  it("places the wall time in the company's zone, on both sides of a DST change", () => {
    const at = (year: number, month: number, day: number, hour: number, minute = 0) =>
      wallTimeToUtc({ year, month, day, hour, minute }, 'America/New_York').toISOString();
    expect(at(2026, 1, 15, 14)).toBe('2026-01-15T19:00:00.000Z');
    expect(at(2026, 7, 15, 14)).toBe('2026-07-15T18:00:00.000Z');
    // 2026-03-08: clocks jump from 2:00 to 3:00.
    expect(at(2026, 3, 8, 1, 30)).toBe('2026-03-08T06:30:00.000Z');
    expect(at(2026, 3, 8, 3)).toBe('2026-03-08T07:00:00.000Z');
    expect(at(2026, 3, 8, 2, 30)).toBe('2026-03-08T07:30:00.000Z');
    expect(
      wallTimeToUtc({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/Berlin'),
    ).toEqual(new Date('2026-03-29T01:30:00.000Z'));
    expect(
      wallTimeToUtc({ year: 2026, month: 6, day: 1, hour: 9, minute: 0 }, 'Asia/Kolkata'),
    ).toEqual(new Date('2026-06-01T03:30:00.000Z'));
  });

  it('round-trips with the strings the timeline shows', () => {
    const instant = tourInstantFromStrings('Nov 24, 2026', '10:30 AM', 'America/Los_Angeles');
    expect(instant?.toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(tourStringsOf(instant!, 'America/Los_Angeles')).toEqual({
      tourDateString: 'Nov 24, 2026',
      tourFromTimeString: '10:30 AM',
    });
    expect(tourInstantFromStrings('Nov 24, 2026', 'soon', 'America/Los_Angeles')).toBeNull();
  });
});
