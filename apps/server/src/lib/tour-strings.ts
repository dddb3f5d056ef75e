/** The strings the timeline shows for a tour, as the console writes them itself. */
export const tourStringsOf = (instant: Date, timeZone: string) => ({
  tourDateString: instant.toLocaleDateString('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }),
  tourFromTimeString: instant
    .toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })
    .replace(/[\u202f\u00a0]/g, ' '),
});
