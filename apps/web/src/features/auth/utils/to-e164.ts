/**
 * A phone as people type it, in the E.164 form the server takes: spaces, dashes, dots and brackets
 * go, and a US number of 10 digits (or 11 starting with 1) gains its +1. Anything else is left as
 * typed, for the check to name what is wrong.
 */
export function toE164(typed: string): string {
  const compact = typed.replace(/[\s().-]/g, '');
  if (/^\d{10}$/.test(compact)) return `+1${compact}`;
  if (/^1\d{10}$/.test(compact)) return `+${compact}`;
  return compact;
}
