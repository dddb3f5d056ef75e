import { describe, expect, it } from 'vitest';
import { formatExpiry } from './format-expiry';

describe('formatExpiry', () => {
  it('gives the time alone for a link that runs out today, 12-hour en-US', () => {
    const now = new Date(2026, 10, 22, 15, 15);
    expect(formatExpiry(new Date(2026, 10, 22, 15, 45).toISOString(), now)).toBe(
      'Expires at 3:45 PM',
    );
  });

  it('adds the date for a link that runs into another day', () => {
    const now = new Date(2026, 10, 22, 15, 15);
    expect(formatExpiry(new Date(2026, 10, 23, 9, 0).toISOString(), now)).toBe(
      'Expires at Nov 23, 2026, 9:00 AM',
    );
  });
});
