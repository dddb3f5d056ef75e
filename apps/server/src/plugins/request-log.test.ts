import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { databaseTargets, testConfig } from '../test/test-app.js';

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

describe.each(databaseTargets())('request logs on $name', (target) => {
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

  it('logs other query parameters as they came (control)', async () => {
    await app.inject({ method: 'GET', url: '/api/config?propertyId=p-42&search=Smith' });
    expect(loggedUrls()).toContain('/api/config?propertyId=p-42&search=Smith');
  });
});
