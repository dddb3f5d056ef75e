import { describe, expect, it } from 'vitest';
import { formatFollowUp } from '../../../lib/format-follow-up';
import { parseLocalDateTime } from '../../../lib/zoned-time';
import { followUpPresets } from './follow-up-times';

describe('follow-up times', () => {
  it("puts 'Tomorrow 9:00 AM' in the property's zone, not the browser's", () => {
    // 23:30 in Chicago on Tuesday 12 January is already Wednesday in UTC.
    const now = new Date('2027-01-13T05:30:00Z');
    const presets = followUpPresets(now, 'America/Chicago', 'America/Chicago');
    expect(presets.map((preset) => preset.label)).toEqual([
      'In 2 hours',
      'Tomorrow 9:00 AM',
      'In 3 days',
    ]);
    expect(presets[1]!.dueAt.toISOString()).toBe('2027-01-13T15:00:00.000Z');
    expect(presets[0]!.dueAt.toISOString()).toBe('2027-01-13T07:30:00.000Z');
  });

  it("names the property's zone for a viewer on another clock", () => {
    const now = new Date('2027-01-13T05:30:00Z');
    const presets = followUpPresets(now, 'America/Chicago', 'UTC');
    expect(presets[1]!.label).toBe('Tomorrow 9:00 AM Central');
    expect(presets[1]!.dueAt.toISOString()).toBe('2027-01-13T15:00:00.000Z');
  });

  it('reads a picked date and time in the zone, across a DST change', () => {
    expect(parseLocalDateTime('2027-03-15T09:00', 'America/Chicago')?.toISOString()).toBe(
      '2027-03-15T14:00:00.000Z',
    );
    expect(parseLocalDateTime('2027-03-12T09:00', 'America/Chicago')?.toISOString()).toBe(
      '2027-03-12T15:00:00.000Z',
    );
    expect(parseLocalDateTime('not a time', 'UTC')).toBeNull();
  });

  it('formats a follow-up as a weekday and time within the week', () => {
    const now = new Date('2027-01-12T12:00:00Z');
    const chicago = 'America/Chicago';
    expect(formatFollowUp('2027-01-14T15:00:00Z', chicago, now, chicago)).toBe('Thu 9:00 AM');
    expect(formatFollowUp('2027-02-14T15:00:00Z', chicago, now, chicago)).toBe(
      'Sun, Feb 14, 9:00 AM',
    );
    // A viewer in New York reads it on the property's clock, with its zone.
    expect(formatFollowUp('2027-01-14T15:00:00Z', chicago, now, 'America/New_York')).toBe(
      'Thu 9:00 AM Central',
    );
  });
});
