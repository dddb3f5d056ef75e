import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { PAYMENT_MODE_TITLE } from '@leasing/contract';
import { HttpError } from '../lib/errors.js';
import { alsoOnPaymentHost, isPaymentHostRequest } from './payment-host.js';

/** The meta tag that switches the SPA into payment-domain mode. */
export const PAYMENT_MODE_META = '<meta name="leasing-mode" content="payment" />';

/**
 * index.html for the payment host: the payment title, the mode named before any script runs, and
 * none of the staff app's preloads (`data-staff`, apps/web/build-tools/preload-staff-chunks.ts): a
 * payer's phone downloads nothing of the signed-in console.
 */
export const toPaymentIndex = (html: string) =>
  html
    .replace(
      /<title>[^<]*<\/title>/,
      `<title>${PAYMENT_MODE_TITLE}</title>\n    ${PAYMENT_MODE_META}`,
    )
    .replace(/[ \t]*<link\b[^>]*\sdata-staff\b[^>]*>\n?/g, '');

const API_PREFIXES = ['/api/', '/webhooks/', '/socket.io/', '/.well-known/'];

/**
 * Vite names every built script, stylesheet and asset under `assets/` by a hash of its content:
 * such a file never changes under its name, so browsers and proxies keep it for a year without
 * asking again. Everything else (index.html, the favicon) is asked for again each time.
 */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const isHashedAsset = (path: string) =>
  /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/.test(path);

/**
 * Serves the built SPA when there is one: any GET that is not an API path or a file gets
 * index.html (client-side routing). Everything else unknown is a JSON 404.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance) => {
    // Resolved once: `apps/web/dist` is a link the next build switches (scripts/web-build.mjs);
    // this process keeps serving the build it started with, whose files stay on disk.
    const configured = app.config.webDistDir;
    const root = existsSync(configured) ? realpathSync(configured) : configured;
    const hasSpa = existsSync(join(root, 'index.html'));
    if (hasSpa) {
      // `reply.sendFile` for the not-found handler, without routes.
      await app.register(fastifyStatic, { root, serve: false, cacheControl: false });
      // One route per built file; the payment host answers them too, except the console's pages
      // by name (index.html, staff; book.html, the tour booking page): it serves its own.
      await app.register(async (files) => {
        files.addHook('onRoute', (route) => {
          if (route.url !== '/index.html' && route.url !== '/book.html') alsoOnPaymentHost(route);
        });
        await files.register(fastifyStatic, {
          root,
          wildcard: false,
          index: false,
          decorateReply: false,
          // The build writes a brotli and a gzip copy beside each script and stylesheet.
          preCompressed: true,
          cacheControl: false,
          setHeaders: (reply, path) => {
            reply.header('cache-control', isHashedAsset(path) ? IMMUTABLE_CACHE : 'no-cache');
          },
        });
      });
    } else {
      app.log.warn({ root }, 'web build not found: the SPA is not served (run npm run build)');
    }
    const sendIndex = (reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html');
    // The public tour booking page (`/book/<propertyId>`): its own small page, no console around it.
    const hasBookingPage = existsSync(join(root, 'book.html'));
    const sendBookingPage = (reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').sendFile('book.html');
    let paymentIndex: string | undefined;
    const sendPaymentIndex = (reply: FastifyReply) => {
      paymentIndex ??= toPaymentIndex(readFileSync(join(root, 'index.html'), 'utf8'));
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(paymentIndex);
    };

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix));
      const isFile = /\.[a-z0-9]+$/i.test(path);
      if (hasSpa && request.method === 'GET' && !isApi && !isFile) {
        if (isPaymentHostRequest(app, request)) return sendPaymentIndex(reply);
        if (hasBookingPage && path.startsWith('/book/')) return sendBookingPage(reply);
        return sendIndex(reply);
      }
      throw new HttpError('NOT_FOUND', `No route for ${request.method} ${path}`);
    });
  },
  { name: 'spa' },
);
