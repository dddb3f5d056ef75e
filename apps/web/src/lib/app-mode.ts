import { env } from '../config/env';

/** The meta tag the server adds to index.html when it serves the app on the payment host. */
export const APP_MODE_META_NAME = 'leasing-mode';
export const PAYMENT_MODE = 'payment';

/**
 * True when this page is the payment host's: payers open payment links there and nothing of the
 * staff app may run. In production the server marks the page it serves on that host; the dev server
 * serves one page to every host, so there the configured VITE_PAYMENT_HOST (a hostname, no port)
 * decides.
 */
export function isPaymentDomain(
  hostname: string = window.location.hostname,
  paymentHost: string | undefined = env.VITE_PAYMENT_HOST,
): boolean {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${APP_MODE_META_NAME}"]`);
  if (meta?.content === PAYMENT_MODE) return true;
  return paymentHost !== undefined && hostname.toLowerCase() === paymentHost.toLowerCase();
}
