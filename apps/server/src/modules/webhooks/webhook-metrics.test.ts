import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEndpoint } from '@leasing/contract';
import { createLead, createOffice } from '../../test/factories.js';
import {
  startFakeWebhookReceiver,
  type FakeWebhookReceiver,
} from '../../test/fake-webhook-receiver.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

const METRICS_TOKEN = 'metrics-token-for-the-tests';
const POLL = { timeout: 20_000, interval: 100 };

describe.each(oneDatabase())('webhook deliveries in the metrics ($name)', (target) => {
  let hooks: FakeWebhookReceiver;
  beforeAll(async () => {
    hooks = await startFakeWebhookReceiver();
  });
  afterAll(async () => {
    await hooks.close();
  });
  const ctx = useTestApp(target, {
    env: {
      WEBHOOK_TIMEOUT: '500ms',
      WEBHOOK_RETRY_DELAYS: '200ms',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      METRICS_TOKEN,
    },
  });

  const delivered = async (outcome: string) => {
    const text = (await ctx.request('GET', '/metrics', { as: METRICS_TOKEN })).text;
    const line = text
      .split('\n')
      .find((row) => row.startsWith(`webhook_deliveries_total{outcome="${outcome}"}`));
    return line === undefined ? 0 : Number(line.split(' ').pop());
  };

  it('counts each attempt by outcome: retried after a 500, then succeeded; failed once retries run out', async () => {
    const office = await createOffice(ctx.db);
    const lead = await createLead(ctx.db, office.property);
    const token = await ctx.signIn(office.staff.credentials);
    const created = await ctx.request<WebhookEndpoint>('POST', '/api/webhooks/endpoints', {
      as: token,
      payload: { url: `${hooks.url}/hooks`, description: 'Metrics', events: ['note.added'] },
    });
    expect(created.status).toBe(201);
    hooks.setSecret(created.body.secret);
    const addNote = (text: string) =>
      ctx.request('POST', `/api/leads/${lead.id}/notes`, {
        as: token,
        payload: { leadID: lead.id, companyID: office.company.id, text },
      });
    expect([await delivered('succeeded'), await delivered('retried')]).toEqual([0, 0]);

    hooks.script([{ status: 500 }], { status: 204 });
    expect((await addNote('Wants a ground-floor unit')).status).toBe(200);
    await expect.poll(() => delivered('succeeded'), POLL).toBe(1);
    expect(await delivered('retried')).toBe(1);
    expect(await delivered('failed')).toBe(0);

    hooks.script([], { status: 503 });
    expect((await addNote('Asked about parking')).status).toBe(200);
    await expect.poll(() => delivered('failed'), POLL).toBe(1);
    expect(await delivered('retried')).toBe(2);
    expect(await delivered('succeeded')).toBe(1);
  });
});
