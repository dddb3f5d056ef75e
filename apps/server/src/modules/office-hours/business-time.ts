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

/** The office's open intervals (epoch ms) from the day of `from` on, in order. */
function* openIntervals(from: Date, rules: Pick<OfficeRules, 'timeZone' | 'hours'>) {
  let day = DateTime.fromJSDate(from, { zone: rules.timeZone }).startOf('day');
  for (let i = 0; i < MAX_DAYS; i += 1, day = day.plus({ days: 1 })) {
    const hours = rules.hours[weekdays[day.weekday - 1]!];
    if (!hours) continue;
    const interval: Interval = {
      start: atClock(day, hours.open).toMillis(),
      end: atClock(day, hours.close).toMillis(),
    };
    if (interval.end > from.getTime() && interval.end > interval.start) yield interval;
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
