import { getFormatter } from './format-date';

/** The parts of a wall-clock reading, in numbers (formatters are kept per zone by format-date). */
const WALL_CLOCK_PARTS: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** Wall-clock parts of an instant in a zone. */
export function partsIn(date: Date, timeZone: string) {
  const parts = getFormatter(WALL_CLOCK_PARTS, timeZone).formatToParts(date);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

/** The instant a wall-clock time in `timeZone` names (twice corrected, for DST days). */
export function zonedTimeToUtc(wall: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  let guess = asUtc;
  for (let i = 0; i < 2; i += 1) {
    const seen = partsIn(new Date(guess), timeZone);
    const seenAsUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    guess += asUtc - seenAsUtc;
  }
  return new Date(guess);
}

/** A `datetime-local` value (`2027-01-12T09:30`) read in the property's zone. */
export function parseLocalDateTime(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  return zonedTimeToUtc(
    { year: year!, month: month!, day: day!, hour: hour!, minute: minute! },
    timeZone,
  );
}

/** The `datetime-local` value (`2027-01-12T09:30`) of an instant, on the wall clock of `timeZone`. */
export function toLocalDateTimeValue(date: Date, timeZone: string): string {
  const p = partsIn(date, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}
