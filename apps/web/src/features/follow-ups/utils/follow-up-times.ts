import { formatTime } from '../../../lib/format-date';
import { formatZoned } from '../../../lib/format-zoned';
import { partsIn, zonedTimeToUtc } from '../../../lib/zoned-time';

export type FollowUpPreset = { label: string; dueAt: Date };

/**
 * The menu's quick choices: in 2 hours, tomorrow 9:00 AM in the property's zone (named when it is
 * not the viewer's: 'Tomorrow 9:00 AM Central'), in 3 days.
 */
export function followUpPresets(
  now: Date,
  timeZone: string,
  viewerZone?: string,
): FollowUpPreset[] {
  const today = partsIn(now, timeZone);
  const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  const tomorrowNine = zonedTimeToUtc(
    {
      year: tomorrow.getUTCFullYear(),
      month: tomorrow.getUTCMonth() + 1,
      day: tomorrow.getUTCDate(),
      hour: 9,
      minute: 0,
    },
    timeZone,
  );
  return [
    { label: 'In 2 hours', dueAt: new Date(now.getTime() + 2 * 3_600_000) },
    {
      label: `Tomorrow ${formatZoned(tomorrowNine, timeZone, { layout: formatTime, viewerZone })}`,
      dueAt: tomorrowNine,
    },
    { label: 'In 3 days', dueAt: new Date(now.getTime() + 3 * 86_400_000) },
  ];
}
