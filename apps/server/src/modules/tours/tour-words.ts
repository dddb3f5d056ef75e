/**
 * 'Tue, Dec 1 at 10:30 AM' (or, `long`, 'Tuesday, December 1 at 10:30 AM') on the property's
 * clock: the tour's time as its texts and emails say it.
 */
export const whenOf = (start: Date, timeZone: string, length: 'short' | 'long' = 'short') => {
  const day = start.toLocaleDateString('en-US', {
    timeZone,
    weekday: length,
    month: length,
    day: 'numeric',
  });
  const time = start
    .toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })
    .replace(/[\u202f\u00a0]/g, ' ');
  return `${day} at ${time}`;
};
