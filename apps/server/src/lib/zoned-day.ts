import { DateTime } from 'luxon';

/** The calendar day an instant falls on in an IANA zone, as the UTC instants it starts and ends. */
export const zonedDayBounds = (at: Date, timeZone: string): { start: Date; end: Date } => {
  const day = DateTime.fromJSDate(at, { zone: timeZone }).startOf('day');
  return { start: day.toJSDate(), end: day.plus({ days: 1 }).toJSDate() };
};
