/** The calendar day `date` falls on where the user is, as the YYYY-MM-DD a date input holds. */
export function toLocalIsoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
