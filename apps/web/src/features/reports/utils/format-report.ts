/** How the reports write their figures: waits, shares, changes, the heat map's days and hours. */

/** Office-hours minutes as people say them: '4 min', '1 h 12 min', '2 d 3 h'. */
export function formatMinutes(minutes: number): string {
  if (minutes > 0 && minutes < 0.5) return 'under 1 min';
  const total = Math.round(minutes);
  if (total < 60) return `${total} min`;
  if (total < 1440) {
    const hours = Math.floor(total / 60);
    const rest = total % 60;
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  return hours === 0 ? `${days} d` : `${days} d ${hours} h`;
}

/** 'n of total' as a whole percent: '62%'; '—' with nothing to divide by. */
export function formatShare(count: number, total: number): string {
  return total > 0 ? `${Math.round((count / total) * 100)}%` : '—';
}

export const shareOf = (count: number, total: number): number | null =>
  total > 0 ? count / total : null;

/** 'Leads' with its count: '1 lead', '4 leads'. */
export const formatLeads = (count: number) => `${count} ${count === 1 ? 'lead' : 'leads'}`;

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** 0 → '12 AM', 13 → '1 PM'. */
export const formatHour = (hour: number) =>
  `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;

/** Whether a figure going up is good news (a count of leads) or bad (a wait, neglected leads). */
export type Better = 'up' | 'down';

export type Change = {
  direction: 'up' | 'down' | 'same';
  /** '12%', '5 pts', or null when the previous period had none to compare with. */
  amount: string | null;
  /** True when the change is good news, false when bad, null when flat or not comparable. */
  good: boolean | null;
};

/**
 * The change of a figure against the previous period: relative for counts and waits, in
 * percentage points for shares (`kind: 'share'`, values 0–1).
 */
export function changeOf(
  current: number | null,
  previous: number | null,
  { kind = 'relative', better = 'up' }: { kind?: 'relative' | 'share'; better?: Better } = {},
): Change | null {
  if (current === null || previous === null) return null;
  const difference = current - previous;
  const direction = difference > 0 ? 'up' : difference < 0 ? 'down' : 'same';
  const good = direction === 'same' ? null : direction === better;
  if (kind === 'share') {
    const points = Math.round(Math.abs(difference) * 100);
    return { direction, amount: `${points} ${points === 1 ? 'pt' : 'pts'}`, good };
  }
  if (previous === 0) return { direction, amount: null, good };
  return { direction, amount: `${Math.round(Math.abs(difference / previous) * 100)}%`, good };
}
