import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { paymentPaths } from '../features/checkout/utils/payment-paths';
import { PaymentErrorPage } from './routes/payment/payment-error';

/**
 * The payment host's routes (payment-domain mode): a payment link's landing page, its checkout and
 * a not-found page for everything else. No staff route, guard or API call is reachable from here,
 * so a payer never meets a login page.
 */
export const paymentRouteTable: RouteObject[] = [
  {
    path: paymentPaths.urlAccess.path,
    HydrateFallback: PageLoader,
    ErrorBoundary: PaymentErrorPage,
    children: [
      {
        index: true,
        lazy: () =>
          import('./routes/payment/url-access').then((module) => ({
            Component: module.UrlAccessRoute,
          })),
      },
      {
        path: paymentPaths.checkout.path,
        lazy: () =>
          import('./routes/payment/checkout').then((module) => ({
            Component: module.CheckoutRoute,
          })),
      },
      {
        path: '*',
        lazy: () =>
          import('./routes/payment/not-found').then((module) => ({
            Component: module.PaymentNotFoundRoute,
          })),
      },
    ],
  },
];

export function createPaymentRouter() {
  return createBrowserRouter(paymentRouteTable);
}
