import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../lib/storage';
import { stubRoutes } from '../testing/fake-server';
import { renderPaymentApp } from './routes/payment/testing/render-payment-app';

describe('payment-domain routes', () => {
  it.each(['/nowhere', '/main/dashboard', '/account/login', '/secure-access', '/checkout/extra'])(
    'shows its own not-found page at %s, with no way into the staff app',
    async (path) => {
      // Even a staff session in this browser opens nothing of the staff app here.
      startSession('staff-token');
      const server = stubRoutes({});
      const { router } = renderPaymentApp(path);

      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
      expect(
        screen.getByText('To pay, open the payment link from your text message or email again.'),
      ).toBeTruthy();
      expect(router.state.location.pathname).toBe(path);
      expect(screen.queryByRole('link')).toBeNull();
      expect(server.requests).toEqual([]);
    },
  );
});
