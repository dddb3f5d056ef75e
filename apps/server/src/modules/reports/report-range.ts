import { DateTime } from 'luxon';
import type { ReportRange } from '@leasing/contract';

/** A report's days (both included) in a zone, and the moments they span. */
export type ResolvedRange = ReportRange & { startAt: Date; endAt: Date };

const dayStart = (day: string, timeZone: string) =>
  DateTime.fromISO(day, { zone: timeZone }).startOf('day');

export const resolveRange = (from: string, to: string, timeZone: string): ResolvedRange => {
  const start = dayStart(from, timeZone);
  const end = dayStart(to, timeZone).plus({ days: 1 });
  return {
    from,
    to,
    timeZone,
    start: start.toUTC().toISO()!,
    end: end.toUTC().toISO()!,
    startAt: start.toJSDate(),
    endAt: end.toJSDate(),
  };
};

/** The same number of days just before. */
export const previousRange = (range: ResolvedRange): ResolvedRange => {
  const from = DateTime.fromISO(range.from);
  const days = DateTime.fromISO(range.to).diff(from, 'days').days + 1;
  return resolveRange(
    from.minus({ days }).toISODate()!,
    from.minus({ days: 1 }).toISODate()!,
    range.timeZone,
  );
};

/** "Nov 28, 2026", "Nov 1–30, 2026", "Oct 2 – Nov 30, 2026", "Dec 20, 2025 – Jan 5, 2026". */
export const describeDays = (from: string, to: string): string => {
  const a = DateTime.fromISO(from).setLocale('en-US');
  const b = DateTime.fromISO(to).setLocale('en-US');
  if (from === to) return a.toFormat('LLL d, yyyy');
  if (a.year !== b.year) return `${a.toFormat('LLL d, yyyy')} – ${b.toFormat('LLL d, yyyy')}`;
  if (a.month !== b.month) return `${a.toFormat('LLL d')} – ${b.toFormat('LLL d, yyyy')}`;
  return `${a.toFormat('LLL d')}–${b.toFormat('d, yyyy')}`;
};
