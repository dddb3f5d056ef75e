import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeadersOf } from './security-headers.js';

/** The headers helmet's own middleware puts on a real answer of a node:http server. */
const headersHelmetSends = async (options: HelmetOptions): Promise<IncomingHttpHeaders> => {
  const middleware = helmet(options);
  const server = createServer((request, response) =>
    middleware(request, response, () => response.end('ok')),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    return Object.fromEntries(response.headers);
  } finally {
    server.close();
  }
};

const HTTP_HEADERS = new Set(['connection', 'content-length', 'date', 'keep-alive']);

describe('security headers worked out once', () => {
  it.each<[string, HelmetOptions]>([
    ['the defaults', {}],
    [
      "the app's options",
      {
        contentSecurityPolicy: {
          directives: {
            scriptSrc: ["'self'", 'https://cdn.example.test'],
            frameAncestors: ["'none'"],
            upgradeInsecureRequests: null,
          },
        },
        frameguard: { action: 'deny' },
      },
    ],
    ['framing allowed', { frameguard: false }],
  ])('are the headers helmet sends, for %s', async (_name, options) => {
    const sent = await headersHelmetSends(options);
    const expected = Object.fromEntries(
      Object.entries(sent).filter(([name]) => !HTTP_HEADERS.has(name)),
    );
    expect(Object.keys(expected).length).toBeGreaterThan(5);
    expect(securityHeadersOf(options)).toEqual(expected);
  });
});
