import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { connectAuthEvents } from './app/connect-auth-events';
import { createAppRouter } from './app/router';
import { env } from './config/env';
import { initAnalytics, initErrorMonitoring } from './lib/monitoring';
import { queryClient } from './lib/query-client';

void initErrorMonitoring(env);
initAnalytics(env);

const router = createAppRouter();
connectAuthEvents({ router, queryClient });

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
