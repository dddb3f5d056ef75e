import { describe, expect, it } from 'vitest';
import {
  dayToIso,
  isoToDay,
  startOfWeek,
  startOfZonedDay,
  todayIn,
  toZonedTime,
  weekdayOf,
  weekFetchRange,
} from './zoned-week';

const CHICAGO = 'America/Chicago';

describe('calendar days in a time zone', () => {
  it('reads an instant as the office reads it', () => {
    const time = toZonedTime('2026-11-24T20:00:00.000Z', CHICAGO);
    expect([dayToIso(time.day), time.hour, time.minute]).toEqual(['2026-11-24', 14, 0]);
    // Late evening in Chicago is already the next day in UTC.
    const late = toZonedTime('2026-11-25T04:30:00.000Z', CHICAGO);
    expect([dayToIso(late.day), late.hour, late.minute]).toEqual(['2026-11-24', 22, 30]);
  });

  it('starts weeks on Sunday', () => {
    const tuesday = isoToDay('2026-11-24')!;
    expect(weekdayOf(tuesday)).toBe(2);
    expect(dayToIso(startOfWeek(tuesday))).toBe('2026-11-22');
    expect(dayToIso(startOfWeek(isoToDay('2026-11-22')!))).toBe('2026-11-22');
    expect(dayToIso(startOfWeek(isoToDay('2026-11-28')!))).toBe('2026-11-22');
  });

  it('finds midnight in the zone, across daylight saving changes', () => {
    expect(startOfZonedDay(isoToDay('2026-11-24')!, CHICAGO).toISOString()).toBe(
      '2026-11-24T06:00:00.000Z',
    );
    expect(startOfZonedDay(isoToDay('2026-07-01')!, CHICAGO).toISOString()).toBe(
      '2026-07-01T05:00:00.000Z',
    );
    // The day clocks go back (Nov 1, 2026) began in daylight time.
    expect(startOfZonedDay(isoToDay('2026-11-01')!, CHICAGO).toISOString()).toBe(
      '2026-11-01T05:00:00.000Z',
    );
  });

  it("knows today's date in the zone", () => {
    const now = new Date('2026-11-22T03:00:00.000Z');
    expect(dayToIso(todayIn(CHICAGO, now))).toBe('2026-11-21');
    expect(dayToIso(todayIn('Asia/Tokyo', now))).toBe('2026-11-22');
  });

  it('asks for a range that covers the week in every zone', () => {
    const range = weekFetchRange(isoToDay('2026-11-22')!);
    expect(Date.parse(range.from)).toBeLessThanOrEqual(Date.parse('2026-11-22T00:00:00+14:00'));
    expect(Date.parse(range.to)).toBeGreaterThanOrEqual(Date.parse('2026-11-29T00:00:00-12:00'));
  });

  it('reads only real dates from URLs', () => {
    expect(isoToDay('2026-11-22')).not.toBeNull();
    expect(isoToDay('2026-13-45')).toBeNull();
    expect(isoToDay('next week')).toBeNull();
    expect(isoToDay(null)).toBeNull();
  });
});
