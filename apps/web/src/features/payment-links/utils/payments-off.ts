import type { PaymentsState, StaffRole } from '@leasing/contract';

/** Where payments are turned on, in words staff read: never the server's variable names. */
const WHERE =
  'An admin must turn payments on in the server’s setup (see Payment links in the docs).';

/** Why no payment link can be sent; null when payments are on. */
export function paymentsOffReason(state: PaymentsState): string | null {
  switch (state) {
    case 'on':
      return null;
    case 'off':
      return `Payments are off on this server. ${WHERE}`;
    case 'unavailable':
      return `Payments are not set up: no card processor is connected to take them. ${WHERE}`;
  }
}

/**
 * What 'Request payment' is for this person: offered while payments are on; while they are off, shown
 * to admins only (disabled, with the reason), since only they can do something about it.
 */
export type PaymentRequestAccess =
  { kind: 'offered' } | { kind: 'disabled'; reason: string } | { kind: 'hidden' };

export function paymentRequestAccess(
  state: PaymentsState,
  role: StaffRole | undefined,
): PaymentRequestAccess {
  const reason = paymentsOffReason(state);
  if (reason === null) return { kind: 'offered' };
  return role === 'admin' ? { kind: 'disabled', reason } : { kind: 'hidden' };
}
