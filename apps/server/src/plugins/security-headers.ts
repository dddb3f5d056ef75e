import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once. They depend on the options alone
 * (no nonces, no per-request directives), so every answer can carry the same set; building
 * helmet's middleware per request, as @fastify/helmet does, was an eighth of a small answer's CPU.
 */
export const securityHeadersOf = (options: HelmetOptions): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    failure = error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish at once: options that need a request');
  if (failure) throw failure;
  return headers;
};

/** helmet's security headers (CSP, frame options, HSTS, …) on every answer. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    const headers = securityHeadersOf(options);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
