/** The calendar day an instant falls on in an IANA zone, as the UTC instants it starts and ends. */

const partsIn = (at: Date, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour'),
    minute: value('minute'),
    second: value('second'),
  };
};

/** How far the zone's wall clock is ahead of UTC at this instant, in milliseconds. */
const offsetAt = (utcMs: number, timeZone: string) => {
  const p = partsIn(new Date(utcMs), timeZone);
  return (
    Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - (utcMs - (utcMs % 1000))
  );
};

/** The instant the zone's wall clock reads midnight of this day (a day may start at 1:00 on DST days). */
const zonedMidnight = (year: number, month: number, day: number, timeZone: string) => {
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
};

export const zonedDayBounds = (at: Date, timeZone: string): { start: Date; end: Date } => {
  const { year, month, day } = partsIn(at, timeZone);
  return {
    start: zonedMidnight(year, month, day, timeZone),
    end: zonedMidnight(year, month, day + 1, timeZone),
  };
};
