import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { oneDatabase, testConfig } from '../test/test-app.js';

const SECRET = 'eyJhbGciOiJFUzI1NiJ9.c2VjcmV0LXBheWxvYWQ.c2lnbmF0dXJl';

/** Everything the app logs, as written: the JSON lines a log shipper would receive. */
const logCapture = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, text: () => lines.join('\n'), lines };
};

describe.each(oneDatabase())('request logs on $name', (target) => {
  const log = logCapture();
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database,
      logStream: log.stream,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const loggedUrls = () =>
    log.lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));

  it.each([
    ['a secure link signing in', '/account/login', 'access_token'],
    ['a payment link', '/api/pay/link', 't'],
    ['any token parameter', '/api/config', 'token'],
    ['a token parameter spelled otherwise', '/api/config', 'refresh_TOKEN'],
  ])('keeps the credential of %s out of the log, and the path in it', async (_, path, name) => {
    await app.inject({ method: 'GET', url: `${path}?${name}=${SECRET}&tab=info` });
    const urls = loggedUrls();
    expect(urls).toContain(`${path}?${name}=[REDACTED]&tab=info`);
    expect(log.text()).not.toContain(SECRET);
    expect(log.text()).not.toContain('c2VjcmV0LXBheWxvYWQ');
  });

  const MEDIA_KEY = 'q3Vx0cYh8bT2mK9wZr4sLp7nEa1uDf6G';

  it.each([
    ['an invitation', 'GET', `/api/invitations/${SECRET}`, '/api/invitations/[REDACTED]'],
    [
      'an invitation being accepted',
      'POST',
      `/api/invitations/${SECRET}/accept`,
      '/api/invitations/[REDACTED]/accept',
    ],
    ['an unsubscribe link', 'GET', `/unsubscribe/${SECRET}`, '/unsubscribe/[REDACTED]'],
    ['a one-click unsubscribe', 'POST', `/unsubscribe/${SECRET}`, '/unsubscribe/[REDACTED]'],
    ['a media file', 'GET', `/media/${MEDIA_KEY}.jpg`, '/media/[REDACTED]'],
    [
      'a path no route matches',
      'GET',
      `/api/invitation/${SECRET}/x`,
      '/api/invitation/[REDACTED]/x',
    ],
  ] as const)(
    'keeps the token in the path of %s out of every log line',
    async (_, method, url, logged) => {
      await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(loggedUrls()).toContain(logged);
      expect(log.text()).not.toContain(SECRET);
      expect(log.text()).not.toContain('c2VjcmV0LXBheWxvYWQ');
      expect(log.text()).not.toContain(MEDIA_KEY);
    },
  );

  it('keeps the token out of the log on every route with a token in its path', async () => {
    const routes = app.routeCatalog.filter((route) => /:[A-Za-z]*token\b/i.test(route.url));
    expect(routes.length).toBeGreaterThanOrEqual(4);
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, (param) =>
        /token$/i.test(param) ? SECRET : 'p-1',
      );
      await app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(log.text(), `${route.method} ${route.url}`).not.toContain('c2VjcmV0LXBheWxvYWQ');
    }
  });

  it('logs path parameters that are not secret as they came (control)', async () => {
    const leadId = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
    await app.inject({ method: 'GET', url: `/api/leads/${leadId}/conversations?limit=5` });
    expect(loggedUrls()).toContain(`/api/leads/${leadId}/conversations?limit=5`);
  });

  it('logs other query parameters as they came (control)', async () => {
    await app.inject({ method: 'GET', url: '/api/config?propertyId=p-42&search=Smith' });
    expect(loggedUrls()).toContain('/api/config?propertyId=p-42&search=Smith');
  });
});
