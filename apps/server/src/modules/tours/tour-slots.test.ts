import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import {
  DEFAULT_TOUR_AVAILABILITY,
  DEFAULT_WEEK_HOURS,
  type TourAvailability,
} from '@leasing/contract';
import { freeSlotsOf, slotAt, slotsOf, type SlotRules } from './tour-slots.js';

const zone = 'America/Chicago';
/** A wall-clock time in Chicago. */
const at = (local: string) => DateTime.fromISO(local, { zone }).toJSDate();
/** Slot starts as Chicago wall-clock times, for reading. */
const local = (slots: { start: Date }[]) =>
  slots.map((slot) => DateTime.fromJSDate(slot.start, { zone }).toFormat('ccc HH:mm'));

const rules = (availability: Partial<TourAvailability> = {}): SlotRules => ({
  timeZone: zone,
  availability: { ...DEFAULT_TOUR_AVAILABILITY, ...availability },
  officeHours: DEFAULT_WEEK_HOURS,
});

// Monday 7 December 2026; office hours 9:00–18:00 Monday to Saturday.
const monday = { from: at('2026-12-07T00:00'), to: at('2026-12-08T00:00') };
const early = at('2026-12-01T08:00');

describe('tour slots', () => {
  it("lays half-hour tours 45 minutes apart through the office's day, each ending by closing", () => {
    const slots = slotsOf(rules(), 'IN_PERSON', { ...monday, now: early });
    expect(local(slots)).toEqual([
      'Mon 09:00',
      'Mon 09:45',
      'Mon 10:30',
      'Mon 11:15',
      'Mon 12:00',
      'Mon 12:45',
      'Mon 13:30',
      'Mon 14:15',
      'Mon 15:00',
      'Mon 15:45',
      'Mon 16:30',
      'Mon 17:15',
    ]);
    expect(slots[0]!.end.getTime() - slots[0]!.start.getTime()).toBe(30 * 60_000);
  });

  it('offers nothing sooner than the notice', () => {
    const slots = slotsOf(rules(), 'IN_PERSON', { ...monday, now: at('2026-12-07T10:01') });
    expect(local(slots)[0]).toBe('Mon 12:45');
    const sameMinute = slotsOf(rules(), 'IN_PERSON', { ...monday, now: at('2026-12-07T10:00') });
    expect(local(sameMinute)[0]).toBe('Mon 12:00');
  });

  it('offers nothing past the last bookable day, today counting as the first', () => {
    const week = { from: at('2026-12-07T00:00'), to: at('2026-12-14T00:00') };
    const slots = slotsOf(rules({ maxDaysAhead: 2, minNoticeMinutes: 0 }), 'IN_PERSON', {
      ...week,
      now: at('2026-12-07T08:00'),
    });
    expect([...new Set(local(slots).map((slot) => slot.slice(0, 3)))]).toEqual(['Mon', 'Tue']);
  });

  it('offers nothing on a closed day, and nothing of a kind that is off', () => {
    const sunday = { from: at('2026-12-06T00:00'), to: at('2026-12-07T00:00') };
    expect(slotsOf(rules(), 'IN_PERSON', { ...sunday, now: early })).toEqual([]);
    expect(slotsOf(rules(), 'VIDEO', { ...monday, now: early })).toEqual([]);
  });

  it('keeps to its own hours over the office hours, and to an exception over both', () => {
    const own = rules({
      hours: { ...DEFAULT_WEEK_HOURS, mon: { open: '13:00', close: '15:00' }, sun: null },
      exceptions: [
        {
          from: '2026-12-08',
          to: '2026-12-09',
          hours: { open: '10:00', close: '11:30' },
          label: '',
        },
        { from: '2026-12-10', to: '2026-12-10', hours: null, label: 'Pool resurfacing' },
      ],
    });
    const week = { from: at('2026-12-07T00:00'), to: at('2026-12-11T00:00'), now: early };
    expect(local(slotsOf(own, 'IN_PERSON', week))).toEqual([
      'Mon 13:00',
      'Mon 13:45',
      'Mon 14:30',
      'Tue 10:00',
      'Tue 10:45',
      'Wed 10:00',
      'Wed 10:45',
    ]);
  });

  it('keeps the same wall-clock times on both sides of the end of daylight saving time', () => {
    // Saturday 31 October 2026 is on CDT (UTC−5), Monday 2 November on CST (UTC−6).
    const days = {
      from: at('2026-10-31T00:00'),
      to: at('2026-11-03T00:00'),
      now: at('2026-10-30T08:00'),
    };
    const slots = slotsOf(rules(), 'IN_PERSON', days);
    expect(slots[0]!.start.toISOString()).toBe('2026-10-31T14:00:00.000Z');
    const mondayFirst = slots.find((slot) => slot.start >= at('2026-11-02T00:00'))!;
    expect(mondayFirst.start.toISOString()).toBe('2026-11-02T15:00:00.000Z');
  });

  it('leaves out the slots whose places are all taken and counts what is left', () => {
    const taken = new Map([
      [at('2026-12-07T09:00').getTime(), 2],
      [at('2026-12-07T09:45').getTime(), 1],
    ]);
    const slots = freeSlotsOf(rules(), 'IN_PERSON', { ...monday, now: early }, taken);
    expect(local(slots.slice(0, 2))).toEqual(['Mon 09:45', 'Mon 10:30']);
    expect(slots.slice(0, 2).map((slot) => slot.placesLeft)).toEqual([1, 2]);
  });

  it('finds a slot by its exact start only while it may be booked', () => {
    expect(slotAt(rules(), 'IN_PERSON', at('2026-12-07T09:45'), early)?.end).toEqual(
      at('2026-12-07T10:15'),
    );
    // Off the grid, on a closed day, and inside the notice.
    expect(slotAt(rules(), 'IN_PERSON', at('2026-12-07T09:50'), early)).toBeUndefined();
    expect(slotAt(rules(), 'IN_PERSON', at('2026-12-06T09:45'), early)).toBeUndefined();
    expect(
      slotAt(rules(), 'IN_PERSON', at('2026-12-07T09:45'), at('2026-12-07T08:30')),
    ).toBeUndefined();
  });
});
