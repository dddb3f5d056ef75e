import { describe, expect, it } from 'vitest';
import { formatLastActivity } from './format-last-activity';

describe('last activity', () => {
  // Noon, so the viewer's zone (tests run in any) keeps the same calendar day.
  const now = new Date(2026, 10, 22, 12, 0);

  it('is the time today, "Yesterday" and the time, else the date and time (en-US, 12-hour)', () => {
    expect(formatLastActivity(new Date(2026, 10, 22, 9, 5).toISOString(), now)).toBe('9:05 AM');
    expect(formatLastActivity(new Date(2026, 10, 21, 15, 5).toISOString(), now)).toBe(
      'Yesterday, 3:05 PM',
    );
    expect(formatLastActivity(new Date(2026, 10, 18, 15, 5).toISOString(), now)).toBe(
      'Nov 18, 2026, 3:05 PM',
    );
  });
});
