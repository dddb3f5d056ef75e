import { describe, expect, it } from 'vitest';
import { formatCard, formatCents, formatDueDate } from './format-payment';

describe('format-payment', () => {
  it('shows cents as dollars', () => {
    expect(formatCents(165_000, 'USD')).toBe('$1,650.00');
    expect(formatCents(50, 'usd')).toBe('$0.50');
  });

  it('shows a due date as the same calendar day in every time zone', () => {
    expect(formatDueDate('2026-12-01')).toBe('Dec 1, 2026');
  });

  it("names the card's brand and last four digits, leaving out what is missing", () => {
    expect(formatCard('visa', '4242')).toBe('Visa •••• 4242');
    expect(formatCard('amex', null)).toBe('American Express');
    expect(formatCard(null, '0005')).toBe('•••• 0005');
    expect(formatCard('elo', '1234')).toBe('Elo •••• 1234');
    expect(formatCard(null, null)).toBeNull();
  });
});
