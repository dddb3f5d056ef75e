import { describe, expect, it } from 'vitest';
import { paymentEmailText, paymentSmsText } from './payment-text.js';

const input = {
  leadName: 'Jordan Prospect',
  companyName: 'Riverside Living',
  amountCents: 165_000,
  currency: 'USD',
  description: 'December rent',
  dueDate: '2026-12-01',
  expiresAt: new Date('2026-12-08T18:00:00Z'),
  url: 'https://pay.example.test/?t=abc',
  timeZone: 'America/Chicago',
};

describe('payment text', () => {
  it("names the property's zone with the due date and the expiry in the email", () => {
    const text = paymentEmailText(input);
    expect(text).toContain('to pay $1,650.00 for December rent, due Dec 1, 2026 (Central time):');
    expect(text).toContain('The link works until Dec 8, 2026, 12:00 PM Central.');
  });

  it("writes the expiry on the property's clock, whatever the server's zone", () => {
    const text = paymentEmailText({ ...input, timeZone: 'America/Los_Angeles' });
    expect(text).toContain('due Dec 1, 2026 (Pacific time):');
    expect(text).toContain('The link works until Dec 8, 2026, 10:00 AM Pacific.');
  });

  it('keeps the text message short: the due day alone', () => {
    expect(paymentSmsText(input)).toBe(
      'Hi Jordan, here is your secure link to pay $1,650.00 for December rent, due Dec 1, 2026: ' +
        'https://pay.example.test/?t=abc',
    );
  });
});
