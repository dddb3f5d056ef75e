import { apiPaths, paymentErrorCodes } from '@leasing/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAYMENT_TOKEN } from '../../../features/checkout/testing/payment-link-fixtures';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import { renderPaymentApp } from './testing/render-payment-app';

const UNAVAILABLE =
  'Online payment is not available for this link yet. Please contact the office to pay.';

describe('payment link page on a server that takes no payments', () => {
  it.each([`/?t=${PAYMENT_TOKEN}`, `/checkout?t=${PAYMENT_TOKEN}`])(
    'says plainly that it cannot take the payment (%s), with nothing to pay or retry',
    async (path) => {
      stubRoutes({
        [`GET ${apiPaths.payLink}`]: apiError(
          503,
          paymentErrorCodes.paymentsUnavailable,
          UNAVAILABLE,
        ),
      });
      renderPaymentApp(path);

      expect(
        await screen.findByRole('heading', { name: "Online payment isn't available" }),
      ).toBeTruthy();
      expect(screen.getByText(UNAVAILABLE)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Continue to payment' })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    },
  );
});
