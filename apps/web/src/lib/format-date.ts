/**
 * The only place dates become text: en-US, 12-hour clock, in the viewer's time zone unless one is
 * given (tests pin it).
 */
const LOCALE = 'en-US';

type DateInput = Date | string | number;
/** A time that belongs to a place names its zone through `formatZoned` (format-zoned.ts). */
type FormatOptions = { timeZone?: string };

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The en-US formatter of these parts in this zone, built once: building an Intl formatter costs far
 * more than using one, and a long timeline formats thousands.
 */
export function getFormatter(parts: Intl.DateTimeFormatOptions, timeZone: string | undefined) {
  const key = JSON.stringify([parts, timeZone]);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE, { ...parts, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

function format(value: DateInput, parts: Intl.DateTimeFormatOptions, options: FormatOptions) {
  const date = toDate(value);
  if (!date) return '';
  // Newer ICU puts a narrow no-break space before AM/PM; one plain space reads and searches the same
  // in every browser.
  return getFormatter(parts, options.timeZone)
    .format(date)
    .replace(/[\u202f\u00a0]/g, ' ');
}

/** 'Nov 22, 2026, 3:05 PM' */
export function formatDateTime(value: DateInput, options: FormatOptions = {}): string {
  return format(
    value,
    {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    },
    options,
  );
}

/** 'Nov 22, 2026' */
export function formatDate(value: DateInput, options: FormatOptions = {}): string {
  return format(value, { month: 'short', day: 'numeric', year: 'numeric' }, options);
}

/**
 * A calendar day ('2026-12-01' → 'Dec 1, 2026'), such as a due date. Read as UTC midnight and shown
 * in UTC, so it is the same day in every time zone; in the viewer's zone it could be the day before.
 */
export function formatCalendarDay(isoDate: string): string {
  return formatDate(`${isoDate}T00:00:00Z`, { timeZone: 'UTC' });
}

/** '3:05 PM' */
export function formatTime(value: DateInput, options: FormatOptions = {}): string {
  return format(value, { hour: 'numeric', minute: '2-digit', hour12: true }, options);
}

const calendarDayParts: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
};

/** Days since 1970-01-01 of the calendar day `date` falls on in the time zone. */
function calendarDayNumber(date: Date, timeZone: string | undefined): number {
  const parts = getFormatter(calendarDayParts, timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((item) => item.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000;
}

/**
 * The calendar day as a key: equal for two instants on the same day in the time zone. NaN for an
 * unreadable date.
 */
export function getDayKey(value: DateInput, options: FormatOptions = {}): number {
  const date = toDate(value);
  return date ? calendarDayNumber(date, options.timeZone) : Number.NaN;
}

type DayLabelOptions = FormatOptions & { now?: Date };

/** 'Today', 'Yesterday', else 'Wednesday, Nov 18, 2026'. */
export function formatDayLabel(value: DateInput, options: DayLabelOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  const daysAgo =
    calendarDayNumber(options.now ?? new Date(), options.timeZone) -
    calendarDayNumber(date, options.timeZone);
  if (daysAgo === 0) return 'Today';
  if (daysAgo === 1) return 'Yesterday';
  return format(
    date,
    { weekday: 'long', month: 'short', day: 'numeric', year: 'numeric' },
    options,
  );
}

/** 'Thu, Nov 26, 9:00 AM': a moment within the next weeks, with its weekday. */
export function formatWeekdayDateTime(value: DateInput, options: FormatOptions = {}): string {
  return format(
    value,
    { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    options,
  );
}

/** A zone's everyday name without "Time": 'Central', 'Pacific'; the IANA city when it has none. */
export function formatZoneName(timeZone: string, at: DateInput = Date.now()): string {
  const date = toDate(at) ?? new Date();
  const name = getFormatter({ timeZoneName: 'longGeneric' }, timeZone)
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  if (!name || name.startsWith('GMT')) return timeZone.split('/').pop()!.replace(/_/g, ' ');
  return name.replace(/ Time$/, '');
}

/** 'Mon, Nov 30': a day within the next weeks, with its weekday. */
export function formatWeekdayDay(value: DateInput, options: FormatOptions = {}): string {
  return format(value, { weekday: 'short', month: 'short', day: 'numeric' }, options);
}
