import { describe, expect, it } from 'vitest';
import { formatDays, presetDays, rangeProblem, todayIn } from './report-range';

// Sunday Nov 1, 2026, 1:30 AM in Chicago; already 6:30 AM in UTC, but still Oct 31 in Honolulu.
const now = new Date('2026-11-01T06:30:00Z');

describe('report range', () => {
  it("counts today on the zone's calendar, not the browser's", () => {
    expect(todayIn('America/Chicago', now)).toBe('2026-11-01');
    expect(todayIn('Pacific/Honolulu', now)).toBe('2026-10-31');
  });

  it('turns each preset into its days, both ends included', () => {
    const zone = 'America/Chicago';
    expect(presetDays('today', zone, now)).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    expect(presetDays('last_7_days', zone, now)).toEqual({ from: '2026-10-26', to: '2026-11-01' });
    expect(presetDays('last_30_days', zone, now)).toEqual({
      from: '2026-10-03',
      to: '2026-11-01',
    });
    expect(presetDays('this_month', zone, now)).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    expect(presetDays('last_month', zone, now)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('gives the same preset other days in a zone where the date is still yesterday', () => {
    expect(presetDays('this_month', 'Pacific/Honolulu', now)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(presetDays('last_month', 'Pacific/Honolulu', now)).toEqual({
      from: '2026-09-01',
      to: '2026-09-30',
    });
  });

  it('finds last month across a new year and a leap February', () => {
    expect(presetDays('last_month', 'UTC', new Date('2027-01-15T12:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(presetDays('last_month', 'UTC', new Date('2028-03-03T12:00:00Z'))).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });

  it('says why custom days would be refused', () => {
    expect(rangeProblem({ from: '2026-11-02', to: '2026-11-01' })).toBe(
      'Choose an end day on or after the start',
    );
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-02' })).toBe('Choose at most 366 days');
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-01' })).toBeNull();
  });

  it('writes days as people do', () => {
    expect(formatDays({ from: '2026-10-02', to: '2026-10-31' })).toBe('Oct 2–31');
    expect(formatDays({ from: '2026-11-01', to: '2026-11-30' }, { withYear: true })).toBe(
      'Nov 1–30, 2026',
    );
    expect(formatDays({ from: '2026-10-03', to: '2026-11-01' })).toBe('Oct 3 – Nov 1');
    expect(formatDays({ from: '2026-11-28', to: '2026-11-28' })).toBe('Nov 28');
    expect(formatDays({ from: '2025-12-20', to: '2026-01-05' })).toBe('Dec 20, 2025 – Jan 5, 2026');
  });
});
