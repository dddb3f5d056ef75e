import type { CompanyNumber } from '@leasing/contract';

export const FALLBACK_USAGE = 'No property — used by properties without their own number';
export const UNUSED_USAGE = 'No property yet';
export const SHARED_NUMBER_KEPT = 'The shared number belongs to this deployment and stays.';

const names = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

/** The shared number first (the company's default), then the rest as added. */
export function sortNumbers(numbers: CompanyNumber[]): CompanyNumber[] {
  return [
    ...numbers.filter((number) => number.isSharedNumber),
    ...numbers.filter((number) => !number.isSharedNumber),
  ];
}

/**
 * The number properties without their own text from, as the server picks it: the shared number
 * when the company has it, else the oldest number no property has as its own or tracks with.
 * Null: none is left.
 */
export function fallbackNumberId(numbers: CompanyNumber[]): string | null {
  const fallback =
    numbers.find((number) => number.isSharedNumber) ??
    numbers.find((number) => number.properties.length === 0 && !number.trackingProperty);
  return fallback?._id ?? null;
}

/** Why the server would refuse to remove the number, or null when it may go. */
export function removalBlockedReason(number: CompanyNumber): string | null {
  if (number.isSharedNumber) return SHARED_NUMBER_KEPT;
  const count = number.properties.length;
  if (count === 0) return null;
  const list = names.format(number.properties.map((property) => property.name));
  return `In use by ${list} — give ${count === 1 ? 'it' : 'them'} another number first.`;
}
