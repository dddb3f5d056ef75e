import { REPORT_MAX_RANGE_DAYS, reportPresets } from '@leasing/contract';
import type { ReportPreset } from '@leasing/contract';
import { partsIn } from '../../../lib/zoned-time';

/** The range picker's choices: the contract's presets, then two days of one's own. */
export const rangeChoices = [...reportPresets, 'custom'] as const;
export type RangeChoice = (typeof rangeChoices)[number];

export const rangeChoiceLabels: Record<RangeChoice, string> = {
  today: 'Today',
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  this_month: 'This month',
  last_month: 'Last month',
  custom: 'Custom',
};

export const DEFAULT_RANGE: ReportPreset = 'last_30_days';

/** Both days included, as `YYYY-MM-DD` on the company's calendar. */
export type ReportDays = { from: string; to: string };

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const pad = (value: number) => String(value).padStart(2, '0');
const dayOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** Calendar arithmetic on `YYYY-MM-DD`, through UTC so no zone's daylight saving shifts it. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export const isCalendarDay = (value: string | null): value is string =>
  value !== null && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The calendar day it is now in the zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const { year, month, day } = partsIn(now, timeZone);
  return dayOf(year, month, day);
}

/** A preset's days, counted on the calendar of `timeZone` (the company's), `now` included. */
export function presetDays(preset: ReportPreset, timeZone: string, now: Date = new Date()) {
  const today = todayIn(timeZone, now);
  const [year, month] = today.split('-').map(Number) as [number, number];
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'this_month':
      return { from: dayOf(year, month, 1), to: today };
    case 'last_month': {
      const firstOfThisMonth = dayOf(year, month, 1);
      const lastOfPrevious = addDays(firstOfThisMonth, -1);
      return { from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious };
    }
  }
}

/** Why the server would refuse these days, in words for the person who chose them; null if fine. */
export function rangeProblem({ from, to }: ReportDays): string | null {
  if (to < from) return 'Choose an end day on or after the start';
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days > REPORT_MAX_RANGE_DAYS) return `Choose at most ${REPORT_MAX_RANGE_DAYS} days`;
  return null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Days as people write them: 'Oct 2–31', 'Oct 2 – Nov 1', 'Nov 28'; with `withYear`,
 * 'Nov 1–30, 2026'. Days of two years always name both.
 */
export function formatDays({ from, to }: ReportDays, { withYear = false } = {}): string {
  const [fromYear, fromMonth, fromDay] = from.split('-').map(Number) as [number, number, number];
  const [toYear, toMonth, toDay] = to.split('-').map(Number) as [number, number, number];
  const month = (value: number) => MONTHS[value - 1]!;
  if (fromYear !== toYear) {
    return `${month(fromMonth)} ${fromDay}, ${fromYear} – ${month(toMonth)} ${toDay}, ${toYear}`;
  }
  const year = withYear ? `, ${toYear}` : '';
  if (from === to) return `${month(fromMonth)} ${fromDay}${year}`;
  if (fromMonth !== toMonth)
    return `${month(fromMonth)} ${fromDay} – ${month(toMonth)} ${toDay}${year}`;
  return `${month(fromMonth)} ${fromDay}–${toDay}${year}`;
}
