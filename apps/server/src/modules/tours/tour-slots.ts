import { DateTime } from 'luxon';
import {
  weekdays,
  type DayHours,
  type TourAvailability,
  type TourKind,
  type WeekHours,
} from '@leasing/contract';

/** What a property's slots are made of: its zone, its tour availability and its office hours. */
export type SlotRules = {
  timeZone: string;
  availability: TourAvailability;
  /** The hours tours follow when the availability has none of its own. */
  officeHours: WeekHours;
};

/** The span asked about, and the moment asked at (the notice and the horizon count from it). */
export type SlotWindow = { from: Date; to: Date; now: Date };

/** Tours already in each slot, by the slot's start in epoch ms. */
export type TakenPlaces = ReadonlyMap<number, number>;

export type Slot = { start: Date; end: Date };
export type FreeSlot = Slot & { placesLeft: number };

const MINUTE = 60_000;

/** The hours of one day in the property's zone: an exception's if one covers it, else the week's. */
const hoursOn = (day: DateTime, rules: SlotRules): DayHours => {
  const date = day.toISODate()!;
  const exception = rules.availability.exceptions.find(
    (candidate) => candidate.from <= date && date <= candidate.to,
  );
  if (exception) return exception.hours;
  const week = rules.availability.hours ?? rules.officeHours;
  return week[weekdays[day.weekday - 1]!];
};

const atClock = (day: DateTime, time: string) => {
  const [hour, minute] = time.split(':').map(Number);
  return day.set({ hour, minute, second: 0, millisecond: 0 });
};

/**
 * Every slot of a kind of tour that starts in [from, to): laid from each day's opening time, one
 * tour's length plus its buffer apart, each ending by closing time, none sooner than the notice
 * and none past the last bookable day (today counts as the first). A kind that is off has none.
 */
export const slotsOf = (rules: SlotRules, kind: TourKind, window: SlotWindow): Slot[] => {
  const settings = rules.availability.kinds[kind];
  if (!settings.enabled) return [];
  const zone = rules.timeZone;
  const earliest = Math.max(
    window.from.getTime(),
    window.now.getTime() + rules.availability.minNoticeMinutes * MINUTE,
  );
  const horizonEnd = DateTime.fromJSDate(window.now, { zone })
    .startOf('day')
    .plus({ days: rules.availability.maxDaysAhead })
    .toMillis();
  const latest = Math.min(window.to.getTime(), horizonEnd);
  if (latest <= earliest) return [];

  const length = settings.lengthMinutes * MINUTE;
  const step = (settings.lengthMinutes + settings.bufferMinutes) * MINUTE;
  const slots: Slot[] = [];
  const lastDay = DateTime.fromMillis(latest - 1, { zone }).startOf('day');
  for (
    let day = DateTime.fromMillis(earliest, { zone }).startOf('day');
    day <= lastDay;
    day = day.plus({ days: 1 })
  ) {
    const hours = hoursOn(day, rules);
    if (!hours) continue;
    const close = atClock(day, hours.close).toMillis();
    for (let start = atClock(day, hours.open).toMillis(); start + length <= close; start += step) {
      if (start < earliest) continue;
      if (start >= latest) break;
      slots.push({ start: new Date(start), end: new Date(start + length) });
    }
  }
  return slots;
};

/** The slots of `slotsOf` that have a place left, with how many. */
export const freeSlotsOf = (
  rules: SlotRules,
  kind: TourKind,
  window: SlotWindow,
  taken: TakenPlaces,
): FreeSlot[] => {
  const capacity = rules.availability.kinds[kind].capacity;
  return slotsOf(rules, kind, window).flatMap((slot) => {
    const placesLeft = capacity - (taken.get(slot.start.getTime()) ?? 0);
    return placesLeft > 0 ? [{ ...slot, placesLeft }] : [];
  });
};

/** The slot that starts exactly at `start`, when there is one a booker may take now. */
export const slotAt = (
  rules: SlotRules,
  kind: TourKind,
  start: Date,
  now: Date,
): Slot | undefined =>
  slotsOf(rules, kind, { from: start, to: new Date(start.getTime() + 1), now }).find(
    (slot) => slot.start.getTime() === start.getTime(),
  );
