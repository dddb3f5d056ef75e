import type { CardDetails } from '@leasing/contract';
import { CARD_NUMBER_MAX_DIGITS, onlyDigits } from './card-input';

/** The card form as typed: the expiry is one 'MM / YY' field, the number may hold spaces. */
export type CardFormValues = {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
  postalCode: string;
};
export type CardField = keyof CardFormValues;
export type CardFieldErrors = Partial<Record<CardField, string>>;

export const cardFieldMessages = {
  name: 'Enter the name as it appears on your card.',
  numberMissing: 'Enter your card number.',
  numberInvalid: "This card number isn't valid. Check the digits and try again.",
  expiryMissing: 'Enter the expiry as MM / YY.',
  expiryMonth: 'Enter a month from 01 to 12.',
  expiryPast: 'This card has expired.',
  cvc: 'Enter the 3 or 4 digit code.',
  postalCode: 'Enter the ZIP or postal code of your billing address.',
} as const;

/** The Luhn checksum every card number carries: catches a mistyped or swapped digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

type Expiry = { month: number; year: number };

function parseExpiry(value: string): Expiry | null {
  const digits = onlyDigits(value);
  if (digits.length !== 4 && digits.length !== 6) return null;
  const month = Number(digits.slice(0, 2));
  const yearDigits = digits.slice(2);
  const year = Number(yearDigits.length === 2 ? `20${yearDigits}` : yearDigits);
  return { month, year };
}

function expiryError(value: string, now: Date): string | undefined {
  if (onlyDigits(value).length === 0) return cardFieldMessages.expiryMissing;
  const expiry = parseExpiry(value);
  if (!expiry) return cardFieldMessages.expiryMissing;
  if (expiry.month < 1 || expiry.month > 12) return cardFieldMessages.expiryMonth;
  // A card works until the end of its expiry month.
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (expiry.year * 12 + (expiry.month - 1) < thisMonth) return cardFieldMessages.expiryPast;
  return undefined;
}

function numberError(value: string): string | undefined {
  const digits = onlyDigits(value);
  if (digits.length === 0) return cardFieldMessages.numberMissing;
  if (digits.length < 12 || digits.length > CARD_NUMBER_MAX_DIGITS || !passesLuhn(digits)) {
    return cardFieldMessages.numberInvalid;
  }
  return undefined;
}

export type CardValidation =
  { valid: true; card: CardDetails } | { valid: false; errors: CardFieldErrors };

/** Checks the form before anything is sent and builds the card the API takes. */
export function validateCard(values: CardFormValues, now: Date = new Date()): CardValidation {
  const errors: CardFieldErrors = {
    name: values.name.trim() ? undefined : cardFieldMessages.name,
    number: numberError(values.number),
    expiry: expiryError(values.expiry, now),
    cvc: /^\d{3,4}$/.test(values.cvc.trim()) ? undefined : cardFieldMessages.cvc,
    postalCode: values.postalCode.trim().length >= 3 ? undefined : cardFieldMessages.postalCode,
  };
  const expiry = parseExpiry(values.expiry);
  if (Object.values(errors).some(Boolean) || !expiry) {
    return { valid: false, errors: withoutEmpty(errors) };
  }
  return {
    valid: true,
    card: {
      name: values.name.trim(),
      number: onlyDigits(values.number),
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: values.cvc.trim(),
      postalCode: values.postalCode.trim(),
    },
  };
}

function withoutEmpty(errors: CardFieldErrors): CardFieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message));
}

const fieldOfCardKey: Record<keyof CardDetails, CardField> = {
  name: 'name',
  number: 'number',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
  postalCode: 'postalCode',
};

const messageOfField: Record<CardField, string> = {
  name: cardFieldMessages.name,
  number: cardFieldMessages.numberInvalid,
  expiry: cardFieldMessages.expiryMissing,
  cvc: cardFieldMessages.cvc,
  postalCode: cardFieldMessages.postalCode,
};

/**
 * The form fields a 400's details name ('body.card.expYear' → expiry), with this form's wording:
 * the server's messages are written for developers.
 */
export function toCardFieldErrors(details: readonly { path: string }[]): CardFieldErrors {
  const errors: CardFieldErrors = {};
  for (const { path } of details) {
    const key = path.split('.').at(-1) as keyof CardDetails;
    const field = fieldOfCardKey[key];
    if (field) errors[field] = messageOfField[field];
  }
  return errors;
}
