import { cardBrandName } from '@leasing/contract';
import { formatCalendarDay } from '../../../lib/format-date';
import { formatMoney } from '../../../lib/format-money';

/** Amounts travel in cents: 165000 → '$1,650.00'. */
export function formatCents(amountCents: number, currency: string): string {
  return formatMoney(amountCents / 100, currency.toUpperCase());
}

/** 'Dec 1, 2026': a due date is a calendar day, the same in every time zone. */
export const formatDueDate = formatCalendarDay;

/** 'Visa •••• 4242'; whatever part the provider did not give is left out. */
export function formatCard(brand: string | null, last4: string | null): string | null {
  const name = brand ? cardBrandName(brand) : null;
  const digits = last4 ? `•••• ${last4}` : null;
  return [name, digits].filter(Boolean).join(' ') || null;
}
