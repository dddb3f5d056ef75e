import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLead, createOffice } from '../../test/factories.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';
import { waitUntil } from '../../test/wait-until.js';

const METRICS_TOKEN = 'metrics-token-for-the-tests';

/** The `_count` of the send latency histogram for one channel, or undefined when it has none. */
const sentCount = async (scrape: () => Promise<string>, channel: string) => {
  const line = (await scrape())
    .split('\n')
    .find((row) => row.startsWith(`message_send_latency_seconds_count{channel="${channel}"}`));
  return line === undefined ? undefined : Number(line.split(' ').pop());
};

describe('send latency, queue to provider (a loopback fake of Twilio)', () => {
  let fake: FakeTwilio;
  beforeAll(async () => {
    fake = await startFakeTwilio();
  });
  afterAll(async () => {
    await fake.close();
  });
  const ctx = useTestApp(oneDatabase()[0]!, {
    listen: true,
    env: ({ url }) => ({
      PUBLIC_URL: url!,
      ...fake.env(),
      METRICS_TOKEN,
    }),
  });
  const scrape = async () => (await ctx.request('GET', '/metrics', { as: METRICS_TOKEN })).text;

  it('observes a text once Twilio has taken it, under channel SMS', async () => {
    const office = await createOffice(ctx.db);
    const lead = await createLead(ctx.db, office.property);
    const token = await ctx.signIn(office.staff.credentials);
    expect(await sentCount(scrape, 'SMS')).toBeUndefined();

    const form = new FormData();
    form.set('leadID', lead.id);
    form.set('text', 'Your tour is confirmed.');
    const sent = await fetch(`${ctx.url}/api/leads/${lead.id}/sms`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(sent.status).toBe(200);

    const { count } = await waitUntil(
      'the metrics have an SMS sample',
      async () => {
        const count = await sentCount(scrape, 'SMS');
        return count === undefined ? undefined : { count };
      },
      { intervalMs: 100 },
    );
    expect(fake.received.map((message) => message.body)).toContain('Your tour is confirmed.');
    expect(count).toBe(1);
    expect(await sentCount(scrape, 'EMAIL')).toBeUndefined();
    const sum = (await scrape())
      .split('\n')
      .find((row) => row.startsWith('message_send_latency_seconds_sum{channel="SMS"}'));
    expect(Number(sum?.split(' ').pop())).toBeGreaterThan(0);
  });
});
