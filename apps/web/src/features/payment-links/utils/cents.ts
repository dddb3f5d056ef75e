/**
 * An amount as typed ('1,650.10', or the number 1650.1) in whole cents, read digit by digit:
 * `1650.1 * 100` is 165009.99999999997 in floating point. Null for what is not an amount of at most
 * two decimals.
 */
export function dollarsToCents(value: number | string): number | null {
  const text = typeof value === 'number' ? numberToText(value) : value.replace(/[$,\s]/g, '');
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function numberToText(value: number): string {
  if (!Number.isFinite(value)) return '';
  // Exact for up to two decimals; a third one is refused rather than rounded away.
  const fixed = value.toFixed(2);
  return Number(fixed) === value ? fixed : String(value);
}

/** Cents as the dollars a money input holds: 231000 → 2310. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}
