import { PAYMENT_LINK_TOKEN_PARAM } from '@leasing/contract';

/** Query parameter Stripe adds when it sends the payer back to the checkout page. */
export const STRIPE_SESSION_PARAM = 'session_id';

/**
 * The routes of the payment host (payment-domain mode). The staff routes in config/paths do not
 * exist there.
 */
export const paymentPaths = {
  urlAccess: {
    path: '/',
    getHref: (token: string) => `/?${new URLSearchParams({ [PAYMENT_LINK_TOKEN_PARAM]: token })}`,
  },
  checkout: {
    path: '/checkout',
    getHref: (token: string) =>
      `/checkout?${new URLSearchParams({ [PAYMENT_LINK_TOKEN_PARAM]: token })}`,
  },
} as const;
