import { cardBrandName } from '@leasing/contract';
import { formatDateTime } from '../../../lib/format-date';
import { formatZoned, formatZonedDay } from '../../../lib/format-zoned';
import { formatMoney } from '../../../lib/format-money';

/** Amounts travel in cents: 165000 → '$1,650.00'. */
export function formatCents(amountCents: number, currency: string): string {
  return formatMoney(amountCents / 100, currency.toUpperCase());
}

/**
 * 'Dec 1, 2026 (Central time)': a due date is a calendar day on the property's clock; the payer's
 * zone is unknown to us, so the page always names it.
 */
export function formatDueDate(isoDate: string, timeZone: string): string {
  return formatZonedDay(isoDate, timeZone, { alwaysNameZone: true });
}

/** 'Dec 8, 2026, 12:00 PM Central': a time on the payer page, always with the property's zone. */
export function formatPaymentTime(value: string, timeZone: string): string {
  return formatZoned(value, timeZone, { layout: formatDateTime, alwaysNameZone: true });
}

/** 'Visa •••• 4242'; whatever part the provider did not give is left out. */
export function formatCard(brand: string | null, last4: string | null): string | null {
  const name = brand ? cardBrandName(brand) : null;
  const digits = last4 ? `•••• ${last4}` : null;
  return [name, digits].filter(Boolean).join(' ') || null;
}
