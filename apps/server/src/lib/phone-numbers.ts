import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A number as Twilio or a person wrote it → E.164, reading national numbers as US ones. Undefined
 * for what cannot be a phone number (short codes, alphanumeric senders).
 */
export const toE164 = (raw: string | undefined): string | undefined => {
  const parsed = raw ? parsePhoneNumberFromString(raw, 'US') : undefined;
  return parsed?.isPossible() ? parsed.number : undefined;
};

/** How people read the number: "(512) 555-0199" at home, "+44 7911 123456" from abroad. */
export const formatPhone = (e164: string): string => {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.countryCallingCode === '1' ? parsed.formatNational() : parsed.formatInternational();
};
