import { describe, expect, it } from 'vitest';
import { toLocalIsoDate } from './local-date';

describe('toLocalIsoDate', () => {
  it("gives the user's calendar day, not the UTC one", () => {
    expect(toLocalIsoDate(new Date(2026, 11, 1, 23, 59))).toBe('2026-12-01');
    expect(toLocalIsoDate(new Date(2027, 0, 9, 0, 0))).toBe('2027-01-09');
  });
});
