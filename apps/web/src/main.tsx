import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/accessibility.css';
import { PAYMENT_MODE_TITLE } from '@leasing/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { DataRouter } from 'react-router';
import { App } from './app/app';
import { env } from './config/env';
import { isPaymentDomain } from './lib/app-mode';
import { initAnalytics, initErrorMonitoring } from './lib/monitoring';
import { queryClient } from './lib/query-client';

/**
 * The staff app: its routes and guards, and the auth events through which the API client signs
 * out and shows the 403 toast.
 */
async function startStaffMode(): Promise<DataRouter> {
  initAnalytics(env);
  const [{ createAppRouter }, { connectAuthEvents }] = await Promise.all([
    import('./app/router'),
    import('./app/connect-auth-events'),
  ]);
  const router = createAppRouter();
  connectAuthEvents({ router, queryClient });
  return router;
}

/**
 * The payment host: payers have no staff session, so nothing that signs in, refreshes or opens
 * the live socket is even loaded. No analytics tag either on a page that takes card numbers.
 */
async function startPaymentMode(): Promise<DataRouter> {
  document.title = PAYMENT_MODE_TITLE;
  const { createPaymentRouter } = await import('./app/payment-router');
  return createPaymentRouter();
}

void initErrorMonitoring(env);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// Each mode's code is its own chunk: a payer's phone downloads none of the staff app.
void (isPaymentDomain() ? startPaymentMode() : startStaffMode()).then((router) => {
  createRoot(rootElement).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
});
