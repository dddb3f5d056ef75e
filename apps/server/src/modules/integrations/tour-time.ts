/**
 * Tour times as PMS systems write them: a date and a start time on the office's wall clock
 * ("Mar 5, 2026" + "2:00 PM", as the timeline shows them), read in the company's time zone.
 */

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

const MONTHS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

const isRealDate = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
};

/** "Mar 5, 2026", "March 5 2026", "2026-03-05" or "3/5/2026" (US order). */
export const parseTourDate = (text: string): Pick<WallTime, 'year' | 'month' | 'day'> | null => {
  const value = text.trim();
  let year: number;
  let month: number;
  let day: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const named = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(value);
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else if (us) {
    [month, day, year] = [Number(us[1]), Number(us[2]), Number(us[3])];
  } else if (named) {
    const index = MONTHS.findIndex((name) => named[1]!.toLowerCase().startsWith(name));
    if (index === -1) return null;
    [year, month, day] = [Number(named[3]), index + 1, Number(named[2])];
  } else {
    return null;
  }
  return isRealDate(year, month, day) ? { year, month, day } : null;
};

/** "2:00 PM", "2 pm", "2:00PM" or "14:00". */
export const parseTourTime = (text: string): Pick<WallTime, 'hour' | 'minute'> | null => {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*([AaPp])?\.?\s*[Mm]?\.?$/.exec(text.trim());
  if (!match) return null;
  const rawHour = Number(match[1]);
  const minute = match[2] === undefined ? 0 : Number(match[2]);
  const meridiem = match[3]?.toLowerCase();
  if (minute > 59) return null;
  if (!meridiem) {
    // Without AM/PM only a 24-hour clock reading is unambiguous.
    return match[2] !== undefined && rawHour <= 23 ? { hour: rawHour, minute } : null;
  }
  if (rawHour < 1 || rawHour > 12) return null;
  return { hour: (rawHour % 12) + (meridiem === 'p' ? 12 : 0), minute };
};

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
const zoneOffsetMs = (instant: number, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
};

/**
 * The instant the zone's clocks show `wall`. The offset is looked up at a first guess and checked
 * at the result, which settles every real wall time either side of a DST change. A wall time that
 * does not exist (skipped at spring-forward) moves forward by the gap, as clocks do.
 */
export const wallTimeToUtc = (wall: WallTime, timeZone: string): Date => {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const first = zoneOffsetMs(guess, timeZone);
  const second = zoneOffsetMs(guess - first, timeZone);
  if (first === second) return new Date(guess - first);
  if (zoneOffsetMs(guess - second, timeZone) === second) return new Date(guess - second);
  return new Date(guess - Math.min(first, second));
};

/** The tour's instant from the PMS's date and time strings, or null when they cannot be read. */
export const tourInstantFromStrings = (
  dateString: string,
  timeString: string,
  timeZone: string,
): Date | null => {
  const date = parseTourDate(dateString);
  const time = parseTourTime(timeString);
  return date && time ? wallTimeToUtc({ ...date, ...time }, timeZone) : null;
};

export { tourStringsOf } from '../../lib/tour-strings.js';
