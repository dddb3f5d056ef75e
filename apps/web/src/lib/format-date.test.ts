import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayLabel, formatTime, getDayKey } from './format-date';

const utc = { timeZone: 'UTC' };

describe('format-date', () => {
  it('formats date and time in en-US with a 12-hour clock', () => {
    expect(formatDateTime('2026-11-22T15:05:00Z', utc)).toBe('Nov 22, 2026, 3:05 PM');
    expect(formatDateTime('2026-01-03T00:30:00Z', utc)).toBe('Jan 3, 2026, 12:30 AM');
  });

  it('formats the date alone', () => {
    expect(formatDate('2026-11-22T15:05:00Z', utc)).toBe('Nov 22, 2026');
  });

  it('formats the time alone', () => {
    expect(formatTime('2026-11-22T15:05:00Z', utc)).toBe('3:05 PM');
    expect(formatTime(new Date(Date.UTC(2026, 10, 22, 12, 0)), utc)).toBe('12:00 PM');
  });

  it("uses the viewer's time zone unless one is given", () => {
    const instant = '2026-11-22T15:05:00Z';
    expect(formatDateTime(instant)).toBe(
      formatDateTime(instant, { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
    );
    expect(formatDateTime(instant, { timeZone: 'America/New_York' })).toBe(
      'Nov 22, 2026, 10:05 AM',
    );
  });

  it('renders nothing for an unreadable date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });

  it('names the day of a timeline: Today, Yesterday, else weekday and date', () => {
    const now = new Date('2026-11-20T15:00:00Z');
    expect(formatDayLabel('2026-11-20T01:00:00Z', { ...utc, now })).toBe('Today');
    expect(formatDayLabel('2026-11-19T23:59:00Z', { ...utc, now })).toBe('Yesterday');
    expect(formatDayLabel('2026-11-18T12:00:00Z', { ...utc, now })).toBe('Wednesday, Nov 18, 2026');
    // 01:00 UTC on the 20th is still the 19th in New York.
    expect(formatDayLabel('2026-11-20T01:00:00Z', { timeZone: 'America/New_York', now })).toBe(
      'Yesterday',
    );
  });

  it('gives two instants of the same calendar day the same day key', () => {
    expect(getDayKey('2026-11-20T00:10:00Z', utc)).toBe(getDayKey('2026-11-20T23:50:00Z', utc));
    expect(getDayKey('2026-11-20T00:10:00Z', utc)).not.toBe(getDayKey('2026-11-19T23:50:00Z', utc));
    expect(getDayKey('not a date')).toBeNaN();
  });
});
