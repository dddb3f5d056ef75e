import { formatDate } from '../../../lib/format-date';
import { formatMoney } from '../../../lib/format-money';

/** Amounts travel in cents: 165000 → '$1,650.00'. */
export function formatCents(amountCents: number, currency: string): string {
  return formatMoney(amountCents / 100, currency.toUpperCase());
}

/**
 * A calendar day ('2026-12-01' → 'Dec 1, 2026'). Read as UTC midnight and shown in UTC, so it is
 * the same day in every time zone; in the payer's zone it could show the day before.
 */
export function formatDueDate(isoDate: string): string {
  return formatDate(`${isoDate}T00:00:00Z`, { timeZone: 'UTC' });
}

/** 'Visa •••• 4242'; whatever part the provider did not give is left out. */
export function formatCard(brand: string | null, last4: string | null): string | null {
  const name = brand ? brandName(brand) : null;
  const digits = last4 ? `•••• ${last4}` : null;
  return [name, digits].filter(Boolean).join(' ') || null;
}

const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** Providers name brands in lower case ('visa', 'amex'). */
function brandName(brand: string): string {
  return brandNames[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}
