/** How the card fields format what is typed or autofilled, so the payer can check it at a glance. */

export const CARD_NUMBER_MAX_DIGITS = 19;

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** '4242424242424242' → '4242 4242 4242 4242' */
export function formatCardNumber(value: string): string {
  return onlyDigits(value)
    .slice(0, CARD_NUMBER_MAX_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * '1228' → '12 / 28'. A four-digit year, as some autofill writes it, is kept ('12/2028'), and a
 * one-digit month typed before the slash is padded ('1/' → '01').
 */
export function formatExpiry(value: string): string {
  const separated = /^\s*(\d{1,2})\s*\/\s*(\d*)/.exec(value);
  const digits = separated ? `${separated[1]!.padStart(2, '0')}${separated[2]}` : onlyDigits(value);
  const kept = digits.slice(0, 6);
  return kept.length <= 2 ? kept : `${kept.slice(0, 2)} / ${kept.slice(2)}`;
}

/**
 * Where the caret belongs in a reformatted value: after the same number of digits as before, so
 * editing in the middle of a card number does not throw the caret to the end.
 */
export function caretAfterDigits(formatted: string, digitCount: number): number {
  if (digitCount === 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index]!)) seen += 1;
    if (seen === digitCount) return index + 1;
  }
  return formatted.length;
}
