import { formatTime, formatWeekdayDateTime, formatZoneName, getDayKey } from './format-date';

/** The viewer's own zone (the browser's). */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A scheduled moment for the lead and for the person scheduling it:
 * "Thu, Nov 26, 9:00 AM for the lead (Central) · 10:00 AM for you". The viewer's part names the
 * day only when it differs; a viewer in the lead's zone reads one time.
 */
export function describeSendTime(
  at: Date | string,
  leadTimeZone: string,
  viewerZone: string = viewerTimeZone(),
): string {
  const forLead = `${formatWeekdayDateTime(at, { timeZone: leadTimeZone })} for the lead (${formatZoneName(leadTimeZone, at)})`;
  const sameClock =
    formatWeekdayDateTime(at, { timeZone: leadTimeZone }) ===
    formatWeekdayDateTime(at, { timeZone: viewerZone });
  if (sameClock) return forLead;
  const sameDay =
    getDayKey(at, { timeZone: leadTimeZone }) === getDayKey(at, { timeZone: viewerZone });
  const forYou = sameDay
    ? formatTime(at, { timeZone: viewerZone })
    : formatWeekdayDateTime(at, { timeZone: viewerZone });
  return `${forLead} · ${forYou} for you`;
}
