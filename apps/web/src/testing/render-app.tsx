import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { onTestFinished } from 'vitest';
import { App } from '../app/app';
import { connectAuthEvents } from '../app/connect-auth-events';
import { getRouteTable } from '../app/router';
import { queryClient } from '../lib/query-client';

/** Renders the whole app (real routes, guards and providers) at `initialPath`. */
export function renderApp(initialPath: string) {
  const router = createMemoryRouter(getRouteTable('localhost'), { initialEntries: [initialPath] });
  const disconnect = connectAuthEvents({ router, queryClient });
  onTestFinished(() => {
    disconnect();
    router.dispose();
  });
  const user = userEvent.setup({ delay: null });
  render(<App router={router} queryClient={queryClient} />);
  return { router, user };
}
