import { formatDate } from '../../../lib/format-date';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'just now', '5 min ago', '3 h ago', '2 d ago', then the date ('Nov 20, 2026'). */
export function formatRelativeTime(value: string, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(value).getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)} d ago`;
  return formatDate(value);
}
