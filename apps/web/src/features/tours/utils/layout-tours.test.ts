import type { Tour } from '@leasing/contract';
import { describe, expect, it } from 'vitest';
import { leadSummary } from '../../../testing/fixtures';
import { layoutWeek } from './layout-tours';
import { isoToDay } from './zoned-week';

const WEEK = isoToDay('2026-11-22')!;

function tour(id: string, tourDateUTC: string): Tour {
  return {
    ...leadSummary({ _id: id, name: id }),
    propertyName: 'Maple Court',
    tourDateUTC,
    tourTypeID: null,
    propertyTimeZone: 'America/Chicago',
    booking: null,
  };
}

describe('laying out a week of tours', () => {
  it("places each tour on its day and minute in the office's zone", () => {
    const layout = layoutWeek(
      [tour('tue', '2026-11-24T20:30:00.000Z'), tour('sun', '2026-11-22T15:00:00.000Z')],
      WEEK,
      'America/Chicago',
    );
    expect(
      layout.tours.map((placed) => [
        placed.tour._id,
        placed.dayIndex,
        placed.hour,
        placed.startMinute,
      ]),
    ).toEqual([
      ['sun', 0, 9, 540],
      ['tue', 2, 14, 870],
    ]);
    expect([layout.firstHour, layout.lastHour]).toEqual([8, 20]);
  });

  it('leaves out tours outside the week in that zone', () => {
    // Saturday 11 PM in Chicago is Sunday in UTC: still this week's Saturday.
    const layout = layoutWeek(
      [tour('sat', '2026-11-29T05:00:00.000Z'), tour('next-sun', '2026-11-29T07:00:00.000Z')],
      WEEK,
      'America/Chicago',
    );
    expect(layout.tours.map((placed) => [placed.tour._id, placed.dayIndex])).toEqual([['sat', 6]]);
    expect(layout.lastHour).toBe(24);
  });

  it('gives overlapping tours side-by-side lanes, and a lone tour the whole day', () => {
    const layout = layoutWeek(
      [
        tour('two', '2026-11-24T20:00:00.000Z'),
        tour('two-thirty', '2026-11-24T20:30:00.000Z'),
        tour('three', '2026-11-24T21:00:00.000Z'),
        tour('five', '2026-11-24T23:00:00.000Z'),
        tour('early', '2026-11-24T12:00:00.000Z'),
      ],
      WEEK,
      'America/Chicago',
    );
    const lanes = Object.fromEntries(
      layout.tours.map((placed) => [placed.tour._id, [placed.lane, placed.lanes]]),
    );
    expect(lanes).toEqual({
      two: [0, 2],
      'two-thirty': [1, 2],
      three: [0, 2],
      five: [0, 1],
      early: [0, 1],
    });
    expect(layout.firstHour).toBe(6);
  });
});
