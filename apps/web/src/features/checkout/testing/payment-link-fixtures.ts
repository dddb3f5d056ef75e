import type { PaymentReceipt, PublicPaymentLink } from '@leasing/contract';

export const PAYMENT_TOKEN = 'pay-token-123';

export const receipt: PaymentReceipt = {
  paidAt: '2026-11-28T15:05:00.000Z',
  reference: 'pay_sbx_0001',
  cardBrand: 'visa',
  cardLast4: '4242',
};

/** A link as the payment host's API answers it; ACTIVE and paid with the sandbox unless told. */
export function paymentLink(overrides: Partial<PublicPaymentLink> = {}): PublicPaymentLink {
  return {
    status: 'ACTIVE',
    provider: 'sandbox',
    payerName: 'Jordan Prospect',
    companyName: 'Riverside Living',
    propertyName: 'Maple Court',
    propertyAddress: '12 Maple St, Springfield',
    description: 'December rent',
    amountCents: 165_000,
    currency: 'USD',
    dueDate: '2026-12-01',
    expiresAt: '2026-12-08T18:00:00.000Z',
    timeZone: 'America/Chicago',
    contact: { phone: '+15125550101', email: 'office@riverside.test' },
    receipt: null,
    ...overrides,
  };
}

export const paidLink = (overrides: Partial<PublicPaymentLink> = {}) =>
  paymentLink({ status: 'PAID', receipt, ...overrides });
