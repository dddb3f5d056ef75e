import { formatCalendarDay, formatDateTime, formatZoneName } from './format-date';
import { viewerTimeZone } from './viewer-time-zone';

type DateInput = Date | string | number;

/** How the instant is written on the zone's clock: `formatTime`, `formatDateTime`, … */
export type ZonedLayout = (value: DateInput, options: { timeZone: string }) => string;

export type FormatZonedOptions = {
  /** Default `formatDateTime`: 'Nov 22, 2026, 3:05 PM'. */
  layout?: ZonedLayout;
  /** Default the browser's; tests pin it. */
  viewerZone?: string;
  /** Name the zone even on the viewer's clock: for a reader whose zone we do not know. */
  alwaysNameZone?: boolean;
};

/** Whether the viewer's clock reads the same as the zone's at that instant. */
export function isViewersClock(
  value: DateInput,
  timeZone: string,
  viewerZone: string = viewerTimeZone(),
): boolean {
  return formatDateTime(value, { timeZone }) === formatDateTime(value, { timeZone: viewerZone });
}

/**
 * An instant on the clock of `timeZone` (a property's, a lead's), for a viewer in `viewerZone`:
 * 'Nov 22, 2026, 9:00 AM Central' when the two clocks differ at that instant, without the zone's
 * name when they read the same.
 */
export function formatZoned(
  value: DateInput,
  timeZone: string,
  { layout = formatDateTime, viewerZone, alwaysNameZone = false }: FormatZonedOptions = {},
): string {
  const text = layout(value, { timeZone });
  if (!text) return '';
  if (!alwaysNameZone && isViewersClock(value, timeZone, viewerZone)) return text;
  return `${text} ${formatZoneName(timeZone, value)}`;
}

/**
 * A calendar day that ends at midnight on `timeZone`'s clock, such as a due date: 'Dec 1, 2026', and
 * 'Dec 1, 2026 (Central time)' when the viewer's clock is another or `alwaysNameZone` (a payer).
 */
export function formatZonedDay(
  isoDate: string,
  timeZone: string,
  { viewerZone, alwaysNameZone = false }: Omit<FormatZonedOptions, 'layout'> = {},
): string {
  const day = formatCalendarDay(isoDate);
  const noon = `${isoDate}T12:00:00Z`;
  if (!alwaysNameZone && isViewersClock(noon, timeZone, viewerZone)) return day;
  return `${day} (${formatZoneName(timeZone, noon)} time)`;
}
