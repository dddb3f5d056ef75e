/**
 * Calendar arithmetic in the office's time zone, without a date library. A calendar day is a
 * day number (days since 1970-01-01, the day's own date, whatever the zone); weeks start on
 * Sunday (spec §9).
 */
import { partsIn } from '../../../lib/zoned-time';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The widest UTC offsets there are (UTC−12 … UTC+14), with a margin. */
const MAX_OFFSET_MS = 14 * HOUR_MS;

export type ZonedTime = { day: number; hour: number; minute: number };

/** The wall-clock reading in the zone of an instant, as if that reading were UTC (ms). */
function wallClockMs(instant: number, timeZone: string): number {
  const wall = partsIn(new Date(instant), timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** The calendar day, hour and minute an instant reads as in the zone. */
export function toZonedTime(instant: Date | string, timeZone: string): ZonedTime {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  const wall = wallClockMs(ms - (ms % 1000), timeZone);
  const day = Math.floor(wall / DAY_MS);
  const minutes = Math.floor((wall - day * DAY_MS) / 60_000);
  return { day, hour: Math.floor(minutes / 60), minute: minutes % 60 };
}

/** The instant a calendar day begins in the zone (its midnight; after a gap, the first moment). */
export function startOfZonedDay(day: number, timeZone: string): Date {
  const guess = day * DAY_MS;
  const offset = wallClockMs(guess, timeZone) - guess;
  let instant = guess - offset;
  // Across a daylight-saving change the offset at midnight differs from the one at the guess.
  const offsetThere = wallClockMs(instant, timeZone) - instant;
  if (offsetThere !== offset) instant = guess - offsetThere;
  return new Date(instant);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: number): number {
  return new Date(day * DAY_MS).getUTCDay();
}

/** The Sunday that starts the week of `day`. */
export function startOfWeek(day: number): number {
  return day - weekdayOf(day);
}

/** Today's calendar day in the zone. */
export function todayIn(timeZone: string, now: Date = new Date()): number {
  return toZonedTime(now, timeZone).day;
}

/**
 * The instants to ask the server for so that a week of calendar days is covered in any zone:
 * the calendar learns the office's zone from the answer, and lays out only what falls inside.
 */
export function weekFetchRange(weekStart: number): { from: string; to: string } {
  return {
    from: new Date(weekStart * DAY_MS - MAX_OFFSET_MS).toISOString(),
    to: new Date((weekStart + 7) * DAY_MS + MAX_OFFSET_MS).toISOString(),
  };
}

/** The day as the date it names, for formatting in UTC ('Nov 22, 2026'). */
export function dayAsDate(day: number): Date {
  return new Date(day * DAY_MS);
}

/** '2026-11-22', for URLs. */
export function dayToIso(day: number): string {
  return dayAsDate(day).toISOString().slice(0, 10);
}

/** The day of '2026-11-22'; null when `value` is not such a date. */
export function isoToDay(value: string | null): number | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) ? null : ms / DAY_MS;
}

/** The viewer's own zone: the calendar's until the server names the office's. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
