import { DateTime } from 'luxon';
import {
  SPEED_TO_LEAD_AMBER_SHARE,
  weekdays,
  type SpeedToLead,
  type WeekHours,
} from '@leasing/contract';

/** Where and when a property's office is open: the speed-to-lead clock runs only then. */
export type OfficeRules = { timeZone: string; hours: WeekHours; targetMinutes: number };

type Interval = { start: number; end: number };

const MINUTE = 60_000;
/** A week with no open day would never start the clock: look no further than a year ahead. */
const MAX_DAYS = 370;

const atClock = (day: DateTime, time: string) => {
  const [hour, minute] = time.split(':').map(Number);
  return day.set({ hour, minute, second: 0, millisecond: 0 });
};

/** One zone's week of hours laid out as open intervals, day by day, over a growing span of days. */
type Calendar = {
  firstDay: DateTime;
  endDay: DateTime;
  /** `firstDay` and `endDay` in epoch ms, compared without asking the zone again. */
  firstMs: number;
  endMs: number;
  intervals: Interval[];
};

/**
 * Calendars per hours object and zone: zone math is the costly part (luxon asks Intl), and a page of
 * the inbox asks about the same few days for many leads of one property.
 */
const calendars = new WeakMap<WeekHours, Map<string, Calendar>>();
/** A calendar spanning more days than this starts over (a long-running process stays small). */
const MAX_CALENDAR_DAYS = 1_000;

const dayIntervals = (from: DateTime, to: DateTime, hours: WeekHours): Interval[] => {
  const intervals: Interval[] = [];
  for (let day = from; day < to; day = day.plus({ days: 1 })) {
    const open = hours[weekdays[day.weekday - 1]!];
    if (!open) continue;
    const interval = {
      start: atClock(day, open.open).toMillis(),
      end: atClock(day, open.close).toMillis(),
    };
    if (interval.end > interval.start) intervals.push(interval);
  }
  return intervals;
};

const calendarFrom = (from: Date, rules: Pick<OfficeRules, 'timeZone' | 'hours'>): Calendar => {
  let byZone = calendars.get(rules.hours);
  if (!byZone) calendars.set(rules.hours, (byZone = new Map()));
  const existing = byZone.get(rules.timeZone);
  // Most asks fall inside the laid-out days: no zone math at all then.
  if (existing && existing.firstMs <= from.getTime()) return existing;
  const day = DateTime.fromJSDate(from, { zone: rules.timeZone }).startOf('day');
  if (!existing || existing.endDay.diff(day, 'days').days > MAX_CALENDAR_DAYS) {
    const fresh = { firstDay: day, endDay: day, firstMs: day.toMillis(), endMs: day.toMillis() };
    const calendar: Calendar = { ...fresh, intervals: [] };
    byZone.set(rules.timeZone, calendar);
    return calendar;
  }
  existing.intervals.unshift(...dayIntervals(day, existing.firstDay, rules.hours));
  existing.firstDay = day;
  existing.firstMs = day.toMillis();
  return existing;
};

const extend = (calendar: Calendar, hours: WeekHours, days: number) => {
  const endDay = calendar.endDay.plus({ days });
  calendar.intervals.push(...dayIntervals(calendar.endDay, endDay, hours));
  calendar.endDay = endDay;
  calendar.endMs = endDay.toMillis();
};

/** The office's open intervals (epoch ms) that end after `from`, in order, for up to a year. */
function* openIntervals(from: Date, rules: Pick<OfficeRules, 'timeZone' | 'hours'>) {
  const calendar = calendarFrom(from, rules);
  const fromMs = from.getTime();
  const lastMs = fromMs + MAX_DAYS * 86_400_000;
  // The first interval ending after `from` (binary search over the laid-out days).
  let low = 0;
  let high = calendar.intervals.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (calendar.intervals[middle]!.end > fromMs) high = middle;
    else low = middle + 1;
  }
  let index = low;
  for (;;) {
    if (index >= calendar.intervals.length) {
      if (calendar.endMs > lastMs) return;
      extend(calendar, rules.hours, 14);
      continue;
    }
    const interval = calendar.intervals[index]!;
    index += 1;
    // Days laid out just now may still lie before `from`.
    if (interval.end <= fromMs) continue;
    if (interval.start > lastMs) return;
    yield interval;
  }
}

/**
 * The moment `minutes` of office hours have passed since `from`. A message at 22:00 starts the
 * clock at the next opening; a Saturday-evening one on Monday morning. Null when the office never
 * opens.
 */
export const addBusinessMinutes = (
  from: Date,
  minutes: number,
  rules: Pick<OfficeRules, 'timeZone' | 'hours'>,
): Date | null => {
  let left = minutes * MINUTE;
  for (const interval of openIntervals(from, rules)) {
    const start = Math.max(interval.start, from.getTime());
    if (start + left <= interval.end) return new Date(start + left);
    left -= interval.end - start;
  }
  return null;
};

/** Minutes of office hours between two moments (0 when `to` is not after `from`). */
export const businessMinutesBetween = (
  from: Date,
  to: Date,
  rules: Pick<OfficeRules, 'timeZone' | 'hours'>,
): number => {
  let total = 0;
  for (const interval of openIntervals(from, rules)) {
    if (interval.start >= to.getTime()) break;
    total += Math.min(interval.end, to.getTime()) - Math.max(interval.start, from.getTime());
  }
  return Math.max(0, total) / MINUTE;
};

/**
 * A waiting lead against the first-reply target: `ok`, `amber` past 80 % of it, `red` past it,
 * all in office-hours minutes. Null when the office never opens.
 */
export const speedToLeadOf = (
  waitingSince: Date,
  now: Date,
  rules: OfficeRules,
): SpeedToLead | null => {
  // Moments, not a count of the minutes waited: the walk stops at the target, so a lead waiting
  // for weeks costs what a new one does (the inbox computes this for every row).
  const dueAt = addBusinessMinutes(waitingSince, rules.targetMinutes, rules);
  if (!dueAt) return null;
  const amberAt = addBusinessMinutes(
    waitingSince,
    rules.targetMinutes * SPEED_TO_LEAD_AMBER_SHARE,
    rules,
  );
  const state = now >= dueAt ? 'red' : amberAt && now >= amberAt ? 'amber' : 'ok';
  return { state, dueAt: dueAt.toISOString() };
};
