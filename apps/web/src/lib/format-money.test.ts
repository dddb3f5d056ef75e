import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';

describe('formatMoney', () => {
  it('formats amounts in en-US currency style', () => {
    expect(formatMoney(1650, 'USD')).toBe('$1,650.00');
    expect(formatMoney(2310.5)).toBe('$2,310.50');
    expect(formatMoney(99, 'EUR')).toBe('€99.00');
  });

  it('keeps an unknown currency code readable', () => {
    expect(formatMoney(12, 'not-a-currency')).toBe('12.00 not-a-currency');
  });
});
