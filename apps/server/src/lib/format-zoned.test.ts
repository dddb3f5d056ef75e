import { describe, expect, it } from 'vitest';
import { formatZonedDateTime, formatZonedDay, formatZoneName } from './format-zoned.js';

describe('format-zoned', () => {
  it("writes an instant on the zone's clock with the zone's name, in winter and in summer", () => {
    // Noon in Chicago: CST (UTC−6) in December, CDT (UTC−5) in July; the name stays 'Central'.
    expect(formatZonedDateTime(new Date('2026-12-08T18:00:00Z'), 'America/Chicago')).toBe(
      'Dec 8, 2026, 12:00 PM Central',
    );
    expect(formatZonedDateTime(new Date('2026-07-08T17:00:00Z'), 'America/Chicago')).toBe(
      'Jul 8, 2026, 12:00 PM Central',
    );
    expect(formatZonedDateTime(new Date('2026-12-08T18:00:00Z'), 'America/Los_Angeles')).toBe(
      'Dec 8, 2026, 10:00 AM Pacific',
    );
  });

  it("crosses midnight on the zone's clock, not the server's", () => {
    expect(formatZonedDateTime(new Date('2026-12-09T03:30:00Z'), 'America/New_York')).toBe(
      'Dec 8, 2026, 10:30 PM Eastern',
    );
  });

  it('names a calendar day with its zone', () => {
    expect(formatZonedDay('2026-12-01', 'America/Chicago')).toBe('Dec 1, 2026 (Central time)');
    expect(formatZonedDay('2026-12-01', 'Pacific/Kiritimati')).toBe(
      'Dec 1, 2026 (Line Islands time)',
    );
  });

  it('falls back to the IANA city for a zone without an everyday name', () => {
    expect(formatZoneName('UTC')).toBe('UTC');
  });
});
