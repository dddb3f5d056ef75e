import { randomUUID } from 'node:crypto';
import { connect as connectTcp } from 'node:net';
import { describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { io as connect } from 'socket.io-client';
import { createOffice } from '../test/factories.js';
import { oneDatabase, freePort } from '../test/test-app.js';
import { until } from '../test/sockets.js';
import { useTestApp, type TestContext } from '../test/use-test-app.js';

const TOKEN = 'metrics-token-for-the-tests';

/** The value of one sample line (`name{labels} value`), or undefined when there is none. */
export const sampleOf = (text: string, name: string, labels: Record<string, string> = {}) => {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
};

const scrape = async (ctx: TestContext) => {
  const response = await ctx.request('GET', '/metrics', { as: TOKEN });
  expect(response.status).toBe(200);
  return response.text;
};

describe.each(oneDatabase())('GET /metrics with METRICS_TOKEN ($name)', (target) => {
  const ctx = useTestApp(target, { env: { METRICS_TOKEN: TOKEN }, listen: true });

  it('answers 401 without the token or with a wrong one, and the Prometheus text with it', async () => {
    expect((await ctx.request('GET', '/metrics')).status).toBe(401);
    const wrong = await ctx.request('GET', '/metrics', { as: `${TOKEN}-not` });
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain('process_cpu');
    const right = await ctx.request('GET', '/metrics', { as: TOKEN });
    expect(right.status).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sampleOf(right.text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('times requests by route pattern and status, never by the URL', async () => {
    const office = await createOffice(ctx.db);
    const token = await ctx.signIn(office.staff.credentials);
    const leadId = randomUUID();
    const route = '/api/leads/:leadId/conversations';
    const before = await scrape(ctx);
    const missing = await ctx.request('GET', `/api/leads/${leadId}/conversations`, { as: token });
    expect(missing.status).toBe(404);
    await ctx.request('GET', `/no-such-path-${leadId}`, {
      headers: { accept: 'application/json' },
    });

    const after = await scrape(ctx);
    const labels = { method: 'GET', route, status_code: '404' };
    expect(sampleOf(before, 'http_request_duration_seconds_count', labels)).toBeUndefined();
    expect(sampleOf(after, 'http_request_duration_seconds_count', labels)).toBe(1);
    expect(sampleOf(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      1,
    );
    expect(
      sampleOf(after, 'http_request_duration_seconds_count', { route: 'unmatched' }),
    ).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(leadId);
  });

  it('reports each queue: jobs ready, jobs held for later, and how long the oldest has waited', async () => {
    const queue = `metrics-${randomUUID().slice(0, 8)}`;
    await ctx.app.queue.createQueue(queue);
    // The first job was due a minute ago: it has waited that long, with no time to wait here.
    await ctx.app.queue.send(queue, { n: 1 }, { startAfter: new Date(Date.now() - 60_000) });
    await ctx.app.queue.send(queue, { n: 2 });
    await ctx.app.queue.send(queue, { n: 3 }, { startAfter: 3600 });

    const text = await scrape(ctx);
    expect(sampleOf(text, 'queue_depth', { queue })).toBe(2);
    expect(sampleOf(text, 'queue_deferred_jobs', { queue })).toBe(1);
    expect(sampleOf(text, 'queue_active_jobs', { queue })).toBe(0);
    expect(sampleOf(text, 'queue_oldest_job_age_seconds', { queue })).toBeGreaterThanOrEqual(60);

    // Worked off, the queue is empty again.
    const jobs = await ctx.app.queue.fetch(queue, { batchSize: 2 });
    expect(jobs).toHaveLength(2);
    await ctx.app.queue.complete(
      queue,
      jobs.map((job) => job.id),
    );
    const drained = await scrape(ctx);
    expect(sampleOf(drained, 'queue_depth', { queue })).toBe(0);
    expect(sampleOf(drained, 'queue_oldest_job_age_seconds', { queue })).toBe(0);
  });

  it('counts the console sockets open on this process', async () => {
    const office = await createOffice(ctx.db);
    const token = await ctx.signIn(office.staff.credentials);
    expect(sampleOf(await scrape(ctx), 'socketio_connected_sockets')).toBe(0);
    const socket = connect(ctx.url, { auth: { token }, transports: ['websocket'] });
    try {
      await until(socket, 'connect');
      expect(sampleOf(await scrape(ctx), 'socketio_connected_sockets')).toBe(1);
    } finally {
      socket.disconnect();
    }
  });

  it(`reports the database pool ${target.name === 'postgres' ? 'in use' : 'only on PostgreSQL'}`, async () => {
    const text = await scrape(ctx);
    if (target.name === 'postgres') {
      expect(sampleOf(text, 'db_pool_connections_open')).toBeGreaterThanOrEqual(1);
      expect(sampleOf(text, 'db_pool_connections_idle')).toBeGreaterThanOrEqual(0);
      expect(sampleOf(text, 'db_pool_waiting_requests')).toBe(0);
    } else {
      expect(text).not.toContain('db_pool_');
    }
  });
});

/** An SMTP client connected to `port` that says nothing after the server's first reply. */
const greetedBy = (port: number) =>
  new Promise<{ banner: string; close: () => void }>((resolve, reject) => {
    const socket = connectTcp(port, '127.0.0.1');
    socket.setEncoding('utf8');
    socket.once('error', reject);
    socket.once('data', (banner: string) => resolve({ banner, close: () => socket.destroy() }));
  });

describe.each(oneDatabase())('inbound SMTP metrics ($name)', (target) => {
  const leasingAddress = 'leasing@lakeside.test';
  let smtpPort = 0;
  const ctx = useTestApp(target, {
    env: async () => {
      smtpPort = await freePort();
      return {
        METRICS_TOKEN: TOKEN,
        INBOUND_SMTP_PORT: String(smtpPort),
        INBOUND_SMTP_MAX_CONNECTIONS: '2',
      };
    },
  });

  const counts = async () => {
    const text = await scrape(ctx);
    const sample = (name: string, labels: Record<string, string> = {}) =>
      sampleOf(text, name, labels) ?? 0;
    return {
      open: sample('inbound_smtp_sessions_open'),
      accepted: sample('inbound_smtp_sessions_total', { outcome: 'accepted' }),
      refused: sample('inbound_smtp_sessions_total', { outcome: 'refused' }),
      messages: sample('inbound_smtp_messages_total', { outcome: 'accepted' }),
    };
  };

  it('counts every session and message over loopback, the sessions open now, and a client turned away', async () => {
    await createOffice(ctx.db, { company: { registeredLeasingEmail: leasingAddress } });
    const before = await counts();

    for (const n of [1, 2, 3]) {
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: smtpPort,
        secure: false,
        ignoreTLS: true,
      });
      try {
        await transport.sendMail({
          from: 'ivy@example.net',
          to: leasingAddress,
          subject: `Tour request ${n}`,
          text: 'Is the two-bedroom still available?',
        });
      } finally {
        transport.close();
      }
    }
    // Each mail was one session; the listener closes its side just after the client's QUIT.
    await expect.poll(counts, { timeout: 5_000 }).toEqual({
      open: 0,
      accepted: before.accepted + 3,
      refused: before.refused,
      messages: before.messages + 3,
    });

    // Two clients held open fill the listener (INBOUND_SMTP_MAX_CONNECTIONS=2); a third is refused.
    const held = [await greetedBy(smtpPort), await greetedBy(smtpPort)];
    expect(held.map((client) => client.banner)).toEqual([
      expect.stringMatching(/^220 /),
      expect.stringMatching(/^220 /),
    ]);
    expect((await counts()).open).toBe(2);
    const turnedAway = await greetedBy(smtpPort);
    turnedAway.close();
    expect(turnedAway.banner).toMatch(/^421 /);
    held.forEach((client) => client.close());

    await expect.poll(counts, { timeout: 5_000 }).toEqual({
      open: 0,
      accepted: before.accepted + 5,
      refused: before.refused + 1,
      messages: before.messages + 3,
    });
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  const ctx = useTestApp(oneDatabase()[0]!);

  it('is not served on the public port (404), whatever the token', async () => {
    expect((await ctx.request('GET', '/metrics')).status).toBe(404);
    expect((await ctx.request('GET', '/metrics', { as: TOKEN })).status).toBe(404);
  });
});

describe('METRICS_PORT', () => {
  let port = 0;
  const ctx = useTestApp(oneDatabase()[0]!, {
    env: async () => {
      port = await freePort();
      return { METRICS_PORT: String(port) };
    },
  });

  it('serves the metrics without a token on their own port, and nothing else there', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(sampleOf(await response.text(), 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${port}/api/me`)).status).toBe(404);
    // The public port still has no /metrics: no token is set.
    expect((await ctx.request('GET', '/metrics')).status).toBe(404);
  });
});
