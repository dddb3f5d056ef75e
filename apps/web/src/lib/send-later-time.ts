import { formatTime, formatWeekdayDateTime, getDayKey } from './format-date';
import { formatZoned, isViewersClock } from './format-zoned';
import { viewerTimeZone } from './viewer-time-zone';

/**
 * A scheduled moment for the lead and for the person scheduling it:
 * "Thu, Nov 26, 9:00 AM Central for the lead · 10:00 AM for you". The viewer's part names the
 * day only when it differs; a viewer on the lead's clock reads one time, without a zone.
 */
export function describeSendTime(
  at: Date | string,
  leadTimeZone: string,
  viewerZone: string = viewerTimeZone(),
): string {
  const forLead = `${formatZoned(at, leadTimeZone, { layout: formatWeekdayDateTime, viewerZone })} for the lead`;
  if (isViewersClock(at, leadTimeZone, viewerZone)) return forLead;
  const sameDay =
    getDayKey(at, { timeZone: leadTimeZone }) === getDayKey(at, { timeZone: viewerZone });
  const forYou = sameDay
    ? formatTime(at, { timeZone: viewerZone })
    : formatWeekdayDateTime(at, { timeZone: viewerZone });
  return `${forLead} · ${forYou} for you`;
}
