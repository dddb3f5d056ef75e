import { formatDateTime, formatTime, getDayKey } from '../../../lib/format-date';

/** 'Expires at 3:45 PM' today; with the date when the link runs into another day. */
export function formatExpiry(expiresAt: string, now: Date = new Date()): string {
  const sameDay = getDayKey(expiresAt) === getDayKey(now);
  return `Expires at ${sameDay ? formatTime(expiresAt) : formatDateTime(expiresAt)}`;
}
