import { describe, expect, it } from 'vitest';
import { paymentRequestAccess, paymentsOffReason } from './payments-off';

describe('paymentRequestAccess', () => {
  it('offers payment requests to everyone while payments are on', () => {
    for (const role of ['agent', 'manager', 'admin'] as const) {
      expect(paymentRequestAccess('on', role)).toEqual({ kind: 'offered' });
    }
  });

  it.each(['off', 'unavailable'] as const)(
    'while payments are %s, shows admins why and hides it from everyone else',
    (state) => {
      expect(paymentRequestAccess(state, 'admin')).toEqual({
        kind: 'disabled',
        reason: paymentsOffReason(state),
      });
      expect(paymentRequestAccess(state, 'manager')).toEqual({ kind: 'hidden' });
      expect(paymentRequestAccess(state, 'agent')).toEqual({ kind: 'hidden' });
      expect(paymentRequestAccess(state, undefined)).toEqual({ kind: 'hidden' });
    },
  );
});

describe('paymentsOffReason', () => {
  it('says who turns payments on and where, without naming server settings', () => {
    expect(paymentsOffReason('on')).toBeNull();
    for (const state of ['off', 'unavailable'] as const) {
      const reason = paymentsOffReason(state)!;
      expect(reason).toContain('An admin must turn payments on in the server’s setup');
      expect(reason).not.toMatch(/[A-Z]+_[A-Z]+/);
    }
  });
});
