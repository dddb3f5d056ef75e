import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation
  interface FastifyContextConfig {
    /** The route answers on the payment host as well (the SPA's files); see `alsoOnPaymentHost`. */
    alsoOnPaymentHost?: boolean;
  }
}

/** The only API the payment host answers; the staff host never answers it. */
export const PAYMENT_API_PREFIX = '/api/pay/';

/** An `onRoute` hook: the route it sees answers on the payment host too. */
export const alsoOnPaymentHost = (route: RouteOptions) => {
  route.config = { ...route.config, alsoOnPaymentHost: true };
};

const hostnameOf = (host: string | undefined) =>
  (host ?? '')
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();

/** Whether a request came to the payment host (by its Host header). */
export const isPaymentHostRequest = (
  app: FastifyInstance,
  request: FastifyRequest | IncomingMessage,
) => {
  const paymentHost = app.config.payments?.host;
  return Boolean(paymentHost) && hostnameOf(request.headers.host) === paymentHost;
};

/**
 * Keeps the two hosts apart. The payment host serves the SPA (in payment-domain mode) and the
 * payment API, nothing else: no staff API, webhook, media or socket. The staff host never serves
 * the payment API. The payment host's pages may not be framed and send no referrer (the link's
 * token is in their URL).
 *
 * It judges the route the router picked, never the raw URL: the router decodes `%61pi` to `api`,
 * so a prefix test on `request.url` lets an encoded path reach a staff route.
 */
export const paymentHostPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      // Undefined when no route matched: the not-found handler answers (a 404, or on the payment
      // host its own page).
      const route = request.routeOptions.url;
      const isPaymentRoute = route?.startsWith(PAYMENT_API_PREFIX) ?? false;
      if (isPaymentHostRequest(app, request)) {
        const allowed =
          route === undefined || isPaymentRoute || request.routeOptions.config.alsoOnPaymentHost;
        if (!allowed) throw new HttpError('NOT_FOUND', 'Not available on the payment host.');
      } else if (isPaymentRoute) {
        throw new HttpError('NOT_FOUND', 'Payment links open on the payment host only.');
      }
    });
    app.addHook('onSend', async (request, reply) => {
      if (!isPaymentHostRequest(app, request)) return;
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') {
        reply.header(
          'content-security-policy',
          csp.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"),
        );
      }
      reply.header('x-frame-options', 'DENY');
      reply.header('referrer-policy', 'no-referrer');
    });
  },
  { name: 'payment-host', dependencies: ['database'] },
);
