import type { Env } from '../config/env';

/**
 * Error monitoring and session replay, only in production builds that name a DSN. The SDK is
 * imported inside the branch, so builds without a DSN neither load nor contact it.
 */
export async function initErrorMonitoring(env: Env): Promise<boolean> {
  if (!env.PROD || !env.VITE_SENTRY_DSN) return false;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: env.VITE_SENTRY_DSN,
    integrations: [Sentry.replayIntegration()],
    sampleRate: 1.0,
    replaysSessionSampleRate: 0.2,
    replaysOnErrorSampleRate: 1.0,
  });
  return true;
}

type AnalyticsWindow = Window & { dataLayer?: unknown[] };

/** Analytics runs on one configured host only, so staging and local copies report nothing. */
export function initAnalytics(env: Env, hostname: string = window.location.hostname): boolean {
  const id = env.VITE_ANALYTICS_ID;
  if (!id || !env.VITE_ANALYTICS_HOST || hostname !== env.VITE_ANALYTICS_HOST) return false;

  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.append(script);

  const analyticsWindow = window as AnalyticsWindow;
  const dataLayer = (analyticsWindow.dataLayer ??= []);
  // gtag.js reads `arguments` objects from the data layer, not arrays.
  function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  }
  gtag('js', new Date());
  gtag('config', id);
  return true;
}
