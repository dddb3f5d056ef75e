/**
 * Times in messages to people whose zone we do not know (a payer): always on a named zone's clock,
 * en-US, 12-hour — "Dec 8, 2026, 12:00 PM Central". The web's `formatZoned` writes the same.
 */
const LOCALE = 'en-US';

/** Newer ICU puts a narrow no-break space before AM/PM; a plain space reads the same everywhere. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** A zone's everyday name without "Time": 'Central', 'Pacific'; the IANA city when it has none. */
export const formatZoneName = (timeZone: string, at: Date = new Date()): string => {
  const name = new Intl.DateTimeFormat(LOCALE, { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  if (!name || name.startsWith('GMT')) return timeZone.split('/').pop()!.replace(/_/g, ' ');
  return name.replace(/ Time$/, '');
};

/** 'Dec 8, 2026, 12:00 PM Central': an instant on the zone's clock, with the zone's name. */
export const formatZonedDateTime = (at: Date, timeZone: string): string =>
  `${plainSpaces(
    new Intl.DateTimeFormat(LOCALE, {
      timeZone,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    }).format(at),
  )} ${formatZoneName(timeZone, at)}`;

/**
 * 'Dec 1, 2026 (Central time)': a calendar day (YYYY-MM-DD) that ends at midnight on the zone's
 * clock, such as a due date.
 */
export const formatZonedDay = (day: string, timeZone: string): string => {
  const noon = new Date(`${day}T12:00:00Z`);
  const date = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    noon,
  );
  return `${date} (${formatZoneName(timeZone, noon)} time)`;
};
