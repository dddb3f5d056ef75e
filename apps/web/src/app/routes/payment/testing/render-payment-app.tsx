import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { onTestFinished } from 'vitest';
import { queryClient } from '../../../../lib/query-client';
import { App } from '../../../app';
import { paymentRouteTable } from '../../../payment-router';

/** Renders the app as the payment host runs it (its routes, the real providers) at `initialPath`. */
export function renderPaymentApp(
  initialPath: string,
  options: { user?: Parameters<typeof userEvent.setup>[0] } = {},
) {
  const router = createMemoryRouter(paymentRouteTable, { initialEntries: [initialPath] });
  onTestFinished(() => router.dispose());
  const user = userEvent.setup(options.user);
  render(<App router={router} queryClient={queryClient} />);
  return { router, user };
}
