import { formatZoned } from './format-zoned';

/**
 * "Thu 9:00 AM" on the zone's clock (the property's); with the date when it is not within the
 * coming week, and the zone's name when it is not the viewer's ("Thu 9:00 AM Central").
 */
export function formatFollowUp(
  dueAt: string,
  timeZone: string,
  now: Date,
  viewerZone?: string,
): string {
  const date = new Date(dueAt);
  const withinWeek = Math.abs(date.getTime() - now.getTime()) < 6 * 86_400_000;
  const layout = (value: Date | string | number, options: { timeZone: string }) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: options.timeZone,
      weekday: 'short',
      ...(withinWeek ? {} : { month: 'short', day: 'numeric' }),
      hour: 'numeric',
      minute: '2-digit',
    })
      .format(new Date(value))
      .replace(/[\u202f\u00a0]/g, ' ');
  return formatZoned(date, timeZone, { layout, viewerZone });
}
