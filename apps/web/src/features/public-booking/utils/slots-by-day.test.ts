import { describe, expect, it } from 'vitest';
import type { TourSlot } from '@leasing/contract';
import { bookingPageParams } from './booking-page-params';
import { slotsByDay } from './slots-by-day';

const slot = (start: string): TourSlot => ({
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
  type: 'IN_PERSON',
  placesLeft: 1,
});

describe('the booking page helpers', () => {
  it("groups free slots by their day on the property's clock, not the viewer's", () => {
    // 11:30 PM in Chicago on Nov 30 is Dec 1 in UTC: it stays with Nov 30.
    const days = slotsByDay(
      [
        slot('2026-11-30T15:00:00.000Z'),
        slot('2026-12-01T05:30:00.000Z'),
        slot('2026-12-01T15:00:00.000Z'),
      ],
      'America/Chicago',
    );
    expect(days.map((day) => day.slots.map((item) => item.start))).toEqual([
      ['2026-11-30T15:00:00.000Z', '2026-12-01T05:30:00.000Z'],
      ['2026-12-01T15:00:00.000Z'],
    ]);
  });

  it("reads the property and a lead's link token from the address", () => {
    expect(bookingPageParams({ pathname: '/book/p-1', search: '?t=abc' })).toEqual({
      propertyId: 'p-1',
      token: 'abc',
    });
    expect(bookingPageParams({ pathname: '/book/p-1', search: '' })).toEqual({
      propertyId: 'p-1',
      token: undefined,
    });
  });
});
