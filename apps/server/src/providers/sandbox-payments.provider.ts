import { randomBytes } from 'node:crypto';
import { SANDBOX_DECLINE_CARD, SANDBOX_SUCCESS_CARD } from '@leasing/contract';
import type { CardChargeResult, CardInput, PaymentProvider } from './payment-provider.js';

/** Test cards that pay (Stripe's test-mode numbers, so the habits carry over). */
const PAYING_CARDS = new Set([SANDBOX_SUCCESS_CARD, '5555555555554444', '378282246310005']);

/** Test cards that are declined, with the reason the payer reads (Stripe's wording). */
const DECLINING_CARDS: Record<string, { code: string; reason: string }> = {
  [SANDBOX_DECLINE_CARD]: { code: 'card_declined', reason: 'Your card was declined.' },
  '4000000000009995': {
    code: 'insufficient_funds',
    reason: 'Your card has insufficient funds.',
  },
  '4000000000000069': { code: 'expired_card', reason: 'Your card has expired.' },
  '4000000000000127': {
    code: 'incorrect_cvc',
    reason: "Your card's security code is incorrect.",
  },
};

export const cardBrandOf = (number: string): string => {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^6(011|5)/.test(number)) return 'Discover';
  return 'Card';
};

/** The Luhn checksum every card number carries. */
export const passesLuhn = (number: string): boolean => {
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

const isPastExpiry = (card: CardInput, now: Date) =>
  card.expYear < now.getUTCFullYear() ||
  (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);

/**
 * The embedded default: a real payment flow (stored attempts, idempotency, timeline events) whose
 * bank is this function. No money moves; only test cards are accepted.
 */
export const createSandboxPaymentProvider = (): PaymentProvider => ({
  kind: 'sandbox',
  chargeCard: async ({ card, now }): Promise<CardChargeResult> => {
    const cardBrand = cardBrandOf(card.number);
    const cardLast4 = card.number.slice(-4);
    const declined = (code: string, reason: string): CardChargeResult => ({
      outcome: 'DECLINED',
      code,
      reason,
      cardBrand,
      cardLast4,
    });
    if (!passesLuhn(card.number)) {
      return declined('incorrect_number', 'Your card number is incorrect.');
    }
    if (isPastExpiry(card, now)) return declined('expired_card', 'Your card has expired.');
    const decline = DECLINING_CARDS[card.number];
    if (decline) return declined(decline.code, decline.reason);
    if (!PAYING_CARDS.has(card.number)) {
      return declined(
        'test_mode_live_card',
        'Your card was declined. This is a test checkout: pay with 4242 4242 4242 4242.',
      );
    }
    return {
      outcome: 'PAID',
      paymentId: `sbx_${randomBytes(9).toString('base64url')}`,
      cardBrand,
      cardLast4,
    };
  },
});
