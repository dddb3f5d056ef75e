import { formatDateTime, formatTime, getDayKey } from '../../../lib/format-date';

/**
 * When the lead was last active, as short as it can be read: '3:05 PM' today,
 * 'Yesterday, 3:05 PM', else 'Nov 20, 2026, 3:05 PM' (en-US, 12-hour, the viewer's zone).
 */
export function formatLastActivity(value: string, now: Date = new Date()): string {
  const daysAgo = getDayKey(now) - getDayKey(value);
  if (daysAgo === 0) return formatTime(value);
  if (daysAgo === 1) return `Yesterday, ${formatTime(value)}`;
  return formatDateTime(value);
}
