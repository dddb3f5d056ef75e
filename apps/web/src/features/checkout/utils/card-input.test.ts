import { describe, expect, it } from 'vitest';
import { caretAfterDigits, formatCardNumber, formatExpiry } from './card-input';

describe('formatCardNumber', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242 4242-4242', '4242 4242 4242'],
    ['42424', '4242 4'],
    ['4242', '4242'],
    ['abc', ''],
    ['42424242424242424242', '4242 4242 4242 4242 424'],
  ])('%s → %s', (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });
});

describe('formatExpiry', () => {
  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12 / 3'],
    ['1234', '12 / 34'],
    ['12 / ', '12'],
    ['1/', '01'],
    ['1/28', '01 / 28'],
    ['12/2028', '12 / 2028'],
    ['12 / 20289', '12 / 2028'],
  ])('%s → %s', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });
});

describe('caretAfterDigits', () => {
  it('puts the caret after as many digits as were before it', () => {
    expect(caretAfterDigits('4242 4242 42', 0)).toBe(0);
    expect(caretAfterDigits('4242 4242 42', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242 42', 5)).toBe(6);
    expect(caretAfterDigits('4242 4242 42', 99)).toBe(12);
  });
});
