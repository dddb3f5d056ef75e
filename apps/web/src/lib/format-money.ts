const formatters = new Map<string, Intl.NumberFormat>();

/** '$1,650.00' (en-US); an unknown currency code is shown after the number instead. */
export function formatMoney(amount: number, currency = 'USD'): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      return `${amount.toLocaleString('en-US', { minimumFractionDigits: 2 })} ${currency}`;
    }
    formatters.set(currency, formatter);
  }
  return formatter.format(amount);
}
