import { partsIn, zonedTimeToUtc } from '../../../lib/zoned-time';

/**
 * The zone 'tomorrow 9:00 AM' is meant in: the lead's own (from the integration or the phone's
 * area code), else the property's.
 */
export function leadLocalZone(
  lead: { timeZone?: { zone: string } | null },
  property: { timeZone: string },
): string {
  return lead.timeZone?.zone ?? property.timeZone;
}

export type SendLaterChoice = { label: string; sendAt: Date };

/** 9:00 AM `daysAhead` days after today's date in the zone. */
function nineAm(now: Date, timeZone: string, daysAhead: number): Date {
  const today = partsIn(now, timeZone);
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day + daysAhead));
  return zonedTimeToUtc(
    {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      hour: 9,
      minute: 0,
    },
    timeZone,
  );
}

/**
 * 'Send later' quick choices: tomorrow 9:00 AM and Monday 9:00 AM for the lead (in their zone),
 * and in 1 hour. On a Monday, 'Monday' is next week's.
 */
export function sendLaterChoices(now: Date, leadZone: string): SendLaterChoice[] {
  const today = partsIn(now, leadZone);
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  const toMonday = (8 - weekday) % 7 || 7;
  return [
    { label: 'Tomorrow 9:00 AM', sendAt: nineAm(now, leadZone, 1) },
    { label: 'In 1 hour', sendAt: new Date(now.getTime() + 3_600_000) },
    { label: 'Monday 9:00 AM', sendAt: nineAm(now, leadZone, toMonday) },
  ];
}
