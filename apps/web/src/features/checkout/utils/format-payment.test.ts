import { describe, expect, it } from 'vitest';
import { formatCard, formatCents, formatDueDate, formatPaymentTime } from './format-payment';

describe('format-payment', () => {
  it('shows cents as dollars', () => {
    expect(formatCents(165_000, 'USD')).toBe('$1,650.00');
    expect(formatCents(50, 'usd')).toBe('$0.50');
  });

  it("shows a due date as its calendar day, naming the property's zone", () => {
    expect(formatDueDate('2026-12-01', 'America/Chicago')).toBe('Dec 1, 2026 (Central time)');
    expect(formatDueDate('2026-07-01', 'America/Los_Angeles')).toBe('Jul 1, 2026 (Pacific time)');
  });

  it("shows a time on the property's clock with its zone, even to a viewer on that clock", () => {
    expect(formatPaymentTime('2026-12-08T18:00:00.000Z', 'America/Chicago')).toBe(
      'Dec 8, 2026, 12:00 PM Central',
    );
    expect(formatPaymentTime('2026-07-08T17:00:00.000Z', 'America/Chicago')).toBe(
      'Jul 8, 2026, 12:00 PM Central',
    );
  });

  it("names the card's brand and last four digits, leaving out what is missing", () => {
    expect(formatCard('visa', '4242')).toBe('Visa •••• 4242');
    expect(formatCard('amex', null)).toBe('American Express');
    expect(formatCard(null, '0005')).toBe('•••• 0005');
    expect(formatCard('elo', '1234')).toBe('Elo •••• 1234');
    expect(formatCard(null, null)).toBeNull();
  });
});
