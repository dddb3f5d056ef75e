import { SANDBOX_DECLINE_CARD, SANDBOX_SUCCESS_CARD } from '@leasing/contract';
import { describe, expect, it } from 'vitest';
import { cardFieldMessages, passesLuhn, toCardFieldErrors, validateCard } from './validate-card';
import type { CardFormValues } from './validate-card';

const now = new Date(2026, 10, 20);
const valid: CardFormValues = {
  name: ' Jordan Prospect ',
  number: '4242 4242 4242 4242',
  expiry: '11 / 26',
  cvc: '123',
  postalCode: ' 78701 ',
};

describe('passesLuhn', () => {
  it('accepts real card numbers, the sandbox ones included, and refuses a mistyped digit', () => {
    expect(passesLuhn(SANDBOX_SUCCESS_CARD)).toBe(true);
    expect(passesLuhn(SANDBOX_DECLINE_CARD)).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});

describe('validateCard', () => {
  it('builds the card the API takes, valid to the end of its expiry month', () => {
    expect(validateCard(valid, now)).toEqual({
      valid: true,
      card: {
        name: 'Jordan Prospect',
        number: SANDBOX_SUCCESS_CARD,
        expMonth: 11,
        expYear: 2026,
        cvc: '123',
        postalCode: '78701',
      },
    });
  });

  it('reads a four-digit year as autofill writes it', () => {
    const result = validateCard({ ...valid, expiry: '12 / 2030' }, now);
    expect(result.valid && result.card).toMatchObject({ expMonth: 12, expYear: 2030 });
  });

  it('names each field that is wrong and only those', () => {
    const result = validateCard(
      { ...valid, number: '4242 4242', expiry: '10 / 26', cvc: '12' },
      now,
    );
    expect(result).toEqual({
      valid: false,
      errors: {
        number: cardFieldMessages.numberInvalid,
        expiry: cardFieldMessages.expiryPast,
        cvc: cardFieldMessages.cvc,
      },
    });
  });

  it.each([
    ['', cardFieldMessages.expiryMissing],
    ['12 / 2', cardFieldMessages.expiryMissing],
    ['00 / 30', cardFieldMessages.expiryMonth],
    ['13 / 30', cardFieldMessages.expiryMonth],
  ])('refuses the expiry %j', (expiry, message) => {
    expect(validateCard({ ...valid, expiry }, now)).toEqual({
      valid: false,
      errors: { expiry: message },
    });
  });
});

describe('toCardFieldErrors', () => {
  it("maps the server's paths to the form's fields, in the form's words", () => {
    expect(
      toCardFieldErrors([
        { path: 'body.card.expYear' },
        { path: 'body.card.number' },
        { path: 'body.idempotencyKey' },
      ]),
    ).toEqual({ expiry: cardFieldMessages.expiryMissing, number: cardFieldMessages.numberInvalid });
  });
});
