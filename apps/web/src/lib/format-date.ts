/**
 * The only place dates become text: en-US, 12-hour clock, in the viewer's time zone unless one is
 * given (tests pin it).
 */
const LOCALE = 'en-US';

type DateInput = Date | string | number;
type FormatOptions = { timeZone?: string };

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(value: DateInput, parts: Intl.DateTimeFormatOptions, options: FormatOptions) {
  const date = toDate(value);
  if (!date) return '';
  // Newer ICU puts a narrow no-break space before AM/PM; one plain space reads and searches the same
  // in every browser.
  return new Intl.DateTimeFormat(LOCALE, { ...parts, timeZone: options.timeZone })
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

/** '3:05 PM' */
export function formatTime(value: DateInput, options: FormatOptions = {}): string {
  return format(value, { hour: 'numeric', minute: '2-digit', hour12: true }, options);
}
