import { describe, expect, it } from 'vitest';
import { formatDate, formatTime, formatWeekdayDateTime } from './format-date';
import { formatZoned, formatZonedDay, isViewersClock } from './format-zoned';
import { viewerTimeZone } from './viewer-time-zone';

const CHICAGO = 'America/Chicago';
const NEW_YORK = 'America/New_York';
// 9:00 AM in Chicago in winter (CST, UTC-6) and in summer (CDT, UTC-5).
const WINTER_NINE = '2026-01-15T15:00:00Z';
const SUMMER_NINE = '2026-07-15T14:00:00Z';

describe('formatZoned', () => {
  it("shows no zone on the viewer's own clock", () => {
    expect(formatZoned(WINTER_NINE, CHICAGO, { layout: formatTime, viewerZone: CHICAGO })).toBe(
      '9:00 AM',
    );
    expect(formatZoned(SUMMER_NINE, CHICAGO, { viewerZone: CHICAGO })).toBe(
      'Jul 15, 2026, 9:00 AM',
    );
  });

  it("names the zone for a viewer elsewhere, on the zone's clock, in winter and in summer", () => {
    expect(formatZoned(WINTER_NINE, CHICAGO, { layout: formatTime, viewerZone: NEW_YORK })).toBe(
      '9:00 AM Central',
    );
    expect(formatZoned(SUMMER_NINE, CHICAGO, { layout: formatTime, viewerZone: NEW_YORK })).toBe(
      '9:00 AM Central',
    );
    expect(formatZoned(WINTER_NINE, CHICAGO, { viewerZone: 'Europe/Paris' })).toBe(
      'Jan 15, 2026, 9:00 AM Central',
    );
    expect(
      formatZoned(SUMMER_NINE, 'America/Los_Angeles', {
        layout: formatWeekdayDateTime,
        viewerZone: CHICAGO,
      }),
    ).toBe('Wed, Jul 15, 7:00 AM Pacific');
  });

  it('compares clocks, not zone names: the same clock under another name shows no zone', () => {
    expect(
      formatZoned(WINTER_NINE, CHICAGO, { layout: formatTime, viewerZone: 'America/Winnipeg' }),
    ).toBe('9:00 AM');
    // Phoenix keeps standard time all year: on Denver's clock in winter, an hour behind in summer.
    expect(
      formatZoned('2026-01-15T16:00:00Z', 'America/Denver', {
        layout: formatTime,
        viewerZone: 'America/Phoenix',
      }),
    ).toBe('9:00 AM');
    expect(
      formatZoned('2026-07-15T15:00:00Z', 'America/Denver', {
        layout: formatTime,
        viewerZone: 'America/Phoenix',
      }),
    ).toBe('9:00 AM Mountain');
  });

  it('follows the DST change of either zone, on the day it happens', () => {
    // Mar 8, 2026: New York springs forward (UTC-5 → UTC-4); 8:30 AM there is 13:30 UTC the day
    // before and 12:30 UTC that day. Toronto changes with it, so stays on the same clock.
    expect(
      formatZoned('2026-03-07T13:30:00Z', NEW_YORK, { layout: formatTime, viewerZone: 'UTC' }),
    ).toBe('8:30 AM Eastern');
    expect(
      formatZoned('2026-03-08T12:30:00Z', NEW_YORK, { layout: formatTime, viewerZone: 'UTC' }),
    ).toBe('8:30 AM Eastern');
    expect(isViewersClock('2026-03-08T12:30:00Z', NEW_YORK, 'America/Toronto')).toBe(true);
  });

  it('always names the zone when asked to (a reader whose zone is unknown)', () => {
    expect(
      formatZoned(WINTER_NINE, CHICAGO, {
        layout: formatTime,
        viewerZone: CHICAGO,
        alwaysNameZone: true,
      }),
    ).toBe('9:00 AM Central');
    expect(formatZoned(WINTER_NINE, 'UTC', { layout: formatDate, alwaysNameZone: true })).toBe(
      'Jan 15, 2026 UTC',
    );
  });

  it("uses the browser's zone as the viewer's unless one is given", () => {
    expect(formatZoned(WINTER_NINE, viewerTimeZone(), { layout: formatTime })).toBe(
      formatTime(WINTER_NINE),
    );
  });

  it('renders nothing for an unreadable date', () => {
    expect(formatZoned('not a date', CHICAGO, { viewerZone: NEW_YORK })).toBe('');
  });
});

describe('formatZonedDay', () => {
  it("writes the day alone on the viewer's clock, and with the zone's name for a viewer elsewhere", () => {
    expect(formatZonedDay('2026-12-01', CHICAGO, { viewerZone: CHICAGO })).toBe('Dec 1, 2026');
    expect(formatZonedDay('2026-12-01', CHICAGO, { viewerZone: NEW_YORK })).toBe(
      'Dec 1, 2026 (Central time)',
    );
    // The day itself never moves with the viewer: Tokyo is already on Dec 2 at Chicago's noon.
    expect(formatZonedDay('2026-12-01', CHICAGO, { viewerZone: 'Asia/Tokyo' })).toBe(
      'Dec 1, 2026 (Central time)',
    );
  });
});
