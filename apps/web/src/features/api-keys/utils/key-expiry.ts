/** The calendar day `date` falls on where the user is, as the YYYY-MM-DD a date input holds. */
export function toLocalIsoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A key chosen to expire on a day works through that whole day where the admin is: it expires at
 * the end of it. '' (no day chosen) is a key that does not expire.
 */
export function expiryOfDay(isoDate: string): string | undefined {
  if (!isoDate) return undefined;
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return undefined;
  return new Date(year, month - 1, day, 23, 59, 59, 999).toISOString();
}
