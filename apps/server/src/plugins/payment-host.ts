import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors.js';

/** The only API the payment host answers; the staff host never answers it. */
export const PAYMENT_API_PREFIX = '/api/pay/';
/** Paths that are never the SPA: on the payment host only the payment API among them is served. */
const SERVER_PREFIXES = ['/api/', '/webhooks/', '/socket.io/', '/.well-known/', '/media/'];

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
 */
export const paymentHostPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0] ?? '/';
      if (isPaymentHostRequest(app, request)) {
        const isServerPath = SERVER_PREFIXES.some((prefix) => path.startsWith(prefix));
        // index.html by name is the staff page: the payment host serves its own for every path.
        const isStaffIndex = path === '/index.html';
        if ((isServerPath && !path.startsWith(PAYMENT_API_PREFIX)) || isStaffIndex) {
          throw new HttpError(404, 'NOT_FOUND', 'Not available on the payment host.');
        }
      } else if (path.startsWith(PAYMENT_API_PREFIX)) {
        throw new HttpError(404, 'NOT_FOUND', 'Payment links open on the payment host only.');
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
