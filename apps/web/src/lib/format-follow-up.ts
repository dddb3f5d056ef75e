/** "Thu 9:00 AM" in the zone; with the date when it is not within the coming week. */
export function formatFollowUp(dueAt: string, timeZone: string, now: Date): string {
  const date = new Date(dueAt);
  const withinWeek = Math.abs(date.getTime() - now.getTime()) < 6 * 86_400_000;
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    ...(withinWeek ? {} : { month: 'short', day: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}
