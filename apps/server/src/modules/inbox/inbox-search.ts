import { toE164 } from '../../lib/phone-numbers.js';

/** What a search box entry asks for; the inbox matches each kind its own way. */
export type InboxSearch =
  | { kind: 'phone'; e164: string }
  | { kind: 'phone-digits'; digits: string }
  | { kind: 'email'; prefix: string }
  | { kind: 'name'; text: string };

/** Only what people put in a phone number: digits, spaces, + ( ) . - */
const PHONE_CHARACTERS = /^[\d\s()+.-]+$/;
/** Fewer digits than this say too little to be worth matching anywhere in a number. */
const MIN_PHONE_DIGITS = 3;

/**
 * A search box entry → what to match. A phone number written any way ('(555) 010-0001',
 * '555.010.0001', '+1 555 010 0001') becomes E.164, read as a US number when it has no country
 * code. "Possible" is enough, not "valid": 555 numbers are fictional, and a lead's number is
 * stored however the carrier or the PMS gave it. A few digits that make no whole number are
 * looked for inside the numbers ('0001'). Anything with '@' is an email address being typed;
 * the rest is a name.
 */
export const parseInboxSearch = (raw: string | undefined): InboxSearch | undefined => {
  const text = raw?.trim() ?? '';
  if (!text) return undefined;
  if (PHONE_CHARACTERS.test(text)) {
    const digits = text.replace(/\D/g, '');
    const e164 = toE164(text);
    if (e164) return { kind: 'phone', e164 };
    if (digits.length >= MIN_PHONE_DIGITS) return { kind: 'phone-digits', digits };
  }
  if (text.includes('@')) return { kind: 'email', prefix: text.toLowerCase() };
  return { kind: 'name', text };
};
