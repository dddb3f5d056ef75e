import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type {
  AuditPage,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookDeliverySummary,
  WebhookEndpoint,
  WebhookEventName,
} from '@leasing/contract';
import { conversationEvents, leads, notes, webhookEndpoints } from '../../db/schema/index.js';
import { domainEvent } from '../../events/domain-events.js';
import {
  createLead,
  createOffice,
  createPhoneNumber,
  createSentSms,
  createUser,
  type CreatedUser,
} from '../../test/factories.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import twilio from 'twilio';
import {
  startFakeWebhookReceiver,
  type FakeWebhookReceiver,
} from '../../test/fake-webhook-receiver.js';
import {
  bearer,
  everyDatabase,
  login,
  startTestApp,
  type DatabaseTarget,
  type TestApp,
} from '../../test/test-app.js';

/** Short on purpose: a hang past 500 ms is a timeout, and retries follow 200 ms apart. */
const WEBHOOK_ENV = {
  WEBHOOK_TIMEOUT: '500ms',
  WEBHOOK_RETRY_DELAYS: '200ms,200ms',
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
};
const POLL = { timeout: 20_000, interval: 100 };

/** The receiver's own check, as docs/integration-api.md shows it with node:crypto (no library). */
const verifyByHand = (secret: string, headers: Record<string, unknown>, body: string) => {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`;
  const expected = createHmac('sha256', key).update(signed).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature = ''] = entry.split(',');
      const given = Buffer.from(signature, 'base64');
      return (
        version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected)
      );
    });
};

/** TWILIO_FROM here, owned by Lakeside (the first company). */
const SHARED_NUMBER = '+15125550000';
const HARBOR_NUMBER = '+16195550390';

type WebhookTestApp = TestApp & {
  fake: FakeTwilio;
  token: string;
  companyId: string;
  userId: string;
  world: Awaited<ReturnType<typeof buildWorld>>;
  stop: () => Promise<void>;
};

/** Two companies, Lakeside (Dana, an admin; Ava and Liam) and Harbor Point (its admin; Wyatt). */
const buildWorld = async (t: TestApp) => {
  const { db } = t.app.database;
  const lakeside = await createOffice(db, {
    company: { name: 'Lakeside Rentals' },
    staff: { name: 'Dana Whitfield' },
    property: { name: 'Maple Grove Apartments', pmsPropertyId: 'P-1001' },
  });
  const harbor = await createOffice(db, {
    company: { name: 'Harbor Point Residential' },
    property: { name: 'Harbor Point Tower', pmsPropertyId: 'HP-200' },
  });
  await createPhoneNumber(db, harbor.company.id, HARBOR_NUMBER);
  const ava = await createLead(db, lakeside.property, {
    name: 'Ava Thompson',
    phone: '+15125550101',
  });
  const liam = await createLead(db, lakeside.property, {
    name: 'Liam Carter',
    phone: '+15125550102',
  });
  const wyatt = await createLead(db, harbor.property, {
    name: 'Wyatt Nelson',
    phone: '+16195550301',
  });
  // Texted earlier from the shared number, so Ava's answer finds her.
  await createSentSms(db, ava, { senderName: 'Dana Whitfield', minutesAgo: 60 });
  return {
    staff: lakeside.staff as CreatedUser,
    maple: lakeside.property,
    harbor: harbor.company,
    harborStaff: harbor.staff,
    ava,
    liam,
    wyatt,
  };
};

/** The real app with Twilio configured against the loopback fake, on the world above. */
const startWebhookApp = async (
  target: DatabaseTarget,
  env: Record<string, string>,
): Promise<WebhookTestApp> => {
  const fake = await startFakeTwilio();
  const t = await startTestApp(target, {
    ...fake.env(SHARED_NUMBER),
    TWILIO_MPS: '50',
    ...env,
  });
  const world = await buildWorld(t);
  const { token } = await login(t.app, world.staff.credentials);
  const principal = await t.app.resolvePrincipal(token);
  return {
    ...t,
    fake,
    world,
    token,
    companyId: principal.companyId,
    userId: principal.id,
    stop: async () => {
      await t.close();
      await fake.close();
    },
  };
};

/** A text from the lead, posted and signed the way Twilio does; answers its stored event's id. */
const inboundText = async (t: WebhookTestApp, from: string, body: string) => {
  const sid = `SM${randomUUID().replace(/-/g, '')}`;
  const form = {
    MessageSid: sid,
    SmsSid: sid,
    AccountSid: t.fake.accountSid,
    From: from,
    To: SHARED_NUMBER,
    Body: body,
    NumMedia: '0',
  };
  const path = '/webhooks/twilio/inbound';
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(
        t.fake.authToken,
        `http://localhost:3000${path}`,
        form,
      ),
    },
    payload: new URLSearchParams(form).toString(),
  });
  expect(response.statusCode).toBe(200);
  const [event] = await t.app.database.db
    .select({ id: conversationEvents.id })
    .from(conversationEvents)
    .where(eq(conversationEvents.providerMessageId, sid));
  return event!.id;
};

/** A staff member's SMS through the real API (multipart, like the composer). */
const staffSms = (t: WebhookTestApp, leadId: string, body: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/leads/${leadId}/sms`,
    headers: { ...bearer(t.token), 'content-type': 'multipart/form-data; boundary=x' },
    payload: `--x\r\nContent-Disposition: form-data; name="text"\r\n\r\n${body}\r\n--x--\r\n`,
  });

describe.each(everyDatabase())('outbound webhooks on $name', (target) => {
  let t: WebhookTestApp;
  let harborToken: string;
  const receivers: FakeWebhookReceiver[] = [];
  const endpoints: Array<{ id: string; token: string }> = [];

  beforeAll(async () => {
    t = await startWebhookApp(target, WEBHOOK_ENV);
    harborToken = (await login(t.app, t.world.harborStaff.credentials)).token;
  });
  afterEach(async () => {
    // Each test's endpoints go with it, so later events do not reach its closed receiver.
    for (const { id, token } of endpoints.splice(0)) {
      await request('DELETE', `/api/webhooks/endpoints/${id}`, token);
    }
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  });
  afterAll(() => t.stop());

  const request = async <T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    token = t.token,
    payload?: unknown,
  ) => {
    const response = await t.app.inject({
      method,
      url,
      headers: bearer(token),
      payload: payload as object | undefined,
    });
    return {
      status: response.statusCode,
      body: (response.body ? response.json() : undefined) as T,
    };
  };

  const receiver = async () => {
    const started = await startFakeWebhookReceiver();
    receivers.push(started);
    return started;
  };

  const addEndpoint = async (
    to: FakeWebhookReceiver,
    events: WebhookEventName[],
    token = t.token,
  ) => {
    const { status, body } = await request<WebhookEndpoint>(
      'POST',
      '/api/webhooks/endpoints',
      token,
      { url: `${to.url}/hooks/leasing`, description: 'Assistant', events },
    );
    expect(status).toBe(201);
    endpoints.push({ id: body._id, token });
    to.setSecret(body.secret);
    return body;
  };

  const deliveriesOf = async (endpointId: string, token = t.token) => {
    const { status, body } = await request<WebhookDeliveryPage>(
      'GET',
      `/api/webhooks/deliveries?endpointId=${endpointId}`,
      token,
    );
    expect(status).toBe(200);
    return body.items;
  };

  /** Waits until the endpoint has a delivery of `event` in `status`, and answers it in full. */
  const settledDelivery = async (
    endpointId: string,
    event: WebhookEventName,
    status: WebhookDeliverySummary['status'] = 'succeeded',
  ) => {
    let found: WebhookDeliverySummary | undefined;
    await expect
      .poll(async () => {
        found = (await deliveriesOf(endpointId)).find((item) => item.event === event);
        return found?.status;
      }, POLL)
      .toBe(status);
    const { body } = await request<WebhookDelivery>(
      'GET',
      `/api/webhooks/deliveries/${found!._id}`,
    );
    return body;
  };

  const addNote = (leadId: string, companyId: string, note: string, token = t.token) =>
    request<Array<{ _id: string; text: string }>>('POST', `/api/leads/${leadId}/notes`, token, {
      leadID: leadId,
      companyID: companyId,
      text: note,
    });

  it('signs each attempt, retries a 500 and a timeout, and is processed exactly once with attempts = 3', async () => {
    const hooks = await receiver();
    const endpoint = await addEndpoint(hooks, ['note.added']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // The receiver's 500 answers with what an internal server might say about itself.
    hooks.script([{ status: 500, body: 'db password=hunter2 at /srv/app' }, 'hang'], {
      status: 204,
    });

    const { ava } = t.world;
    const note = await addNote(ava.id, t.companyId, 'Wants a ground-floor unit');
    expect(note.status).toBe(200);

    const delivery = await settledDelivery(endpoint._id, 'note.added');
    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      maxAttempts: 3,
      lastStatusCode: 204,
      lastError: null,
      endpoint: { _id: endpoint._id, url: `${hooks.url}/hooks/leasing` },
    });
    expect(delivery.deliveredAt).not.toBeNull();
    expect(delivery.attemptLog.map((attempt) => [attempt.number, attempt.statusCode])).toEqual([
      [1, 500],
      [2, null],
      [3, 204],
    ]);
    // Only the status code and timing of an answer are kept, never its body.
    expect(delivery.attemptLog[0]?.error).toBe('HTTP 500');
    expect(JSON.stringify(delivery)).not.toContain('hunter2');
    const stored = await t.app.database.db.execute(
      sql`select error from webhook_delivery_attempts where error like '%hunter2%'`,
    );
    expect(stored.rows).toEqual([]);
    expect(delivery.attemptLog[1]?.error).toBe('Timed out after 500 ms');

    // Three requests, one id, each signed; the receiver processed the event once.
    expect(hooks.received).toHaveLength(3);
    expect(new Set(hooks.received.map((r) => r.headers['webhook-id']))).toEqual(
      new Set([delivery._id]),
    );
    expect(hooks.received.every((r) => r.verified)).toBe(true);
    expect([...hooks.processed.keys()]).toEqual([delivery._id]);
    const first = hooks.received[0]!;
    expect(first.path).toBe('/hooks/leasing');
    expect(first.headers['user-agent']).toMatch(/^LeasingConsole-Webhooks\//);
    expect(first.headers['content-type']).toBe('application/json');
    expect(Number(first.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);

    // The documented scheme by hand verifies too; the wrong secret does not (negative control).
    expect(verifyByHand(endpoint.secret, first.headers, first.body)).toBe(true);
    const otherSecret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(verifyByHand(otherSecret, first.headers, first.body)).toBe(false);
    expect(() =>
      new Webhook(otherSecret).verify(first.body, first.headers as Record<string, string>),
    ).toThrow();
    expect(() =>
      new Webhook(endpoint.secret).verify(
        first.body.replace('ground-floor', 'top-floor'),
        first.headers as Record<string, string>,
      ),
    ).toThrow();

    const [noteRow] = await t.app.database.db.select().from(notes).where(eq(notes.leadId, ava.id));
    expect(hooks.processed.get(delivery._id)).toEqual({
      id: delivery._id,
      type: 'note.added',
      createdAt: expect.any(String),
      companyId: t.companyId,
      data: {
        lead: {
          id: ava.id,
          pmsLeadId: ava.pmsLeadId,
          propertyId: t.world.maple.id,
          pmsPropertyId: 'P-1001',
          name: 'Ava Thompson',
        },
        note: { id: noteRow!.id, text: 'Wants a ground-floor unit' },
        actor: {
          kind: 'user',
          name: 'Dana Whitfield',
          email: t.world.staff.credentials.email,
        },
      },
    });
    expect(delivery.payload).toEqual(hooks.processed.get(delivery._id));

    // The endpoints table shows the last delivery.
    const { body: list } = await request<WebhookEndpoint[]>('GET', '/api/webhooks/endpoints');
    expect(list.find((item) => item._id === endpoint._id)?.lastDelivery).toMatchObject({
      _id: delivery._id,
      event: 'note.added',
      status: 'succeeded',
    });
  });

  it('gives up after the last attempt, and Redeliver sends the same delivery again with the same id', async () => {
    const hooks = await receiver();
    const endpoint = await addEndpoint(hooks, ['note.added']);
    hooks.script([], { status: 503, body: 'upstream 10.0.0.7 refused' });
    await addNote(t.world.liam.id, t.companyId, 'Asked about parking');

    const failed = await settledDelivery(endpoint._id, 'note.added', 'failed');
    expect(failed).toMatchObject({ attempts: 3, lastStatusCode: 503, nextAttemptAt: null });
    expect(failed.lastError).toBe('HTTP 503');
    expect(hooks.received).toHaveLength(3);
    expect(hooks.processed.size).toBe(0);

    hooks.script([], { status: 200 });
    const redelivered = await request<WebhookDeliverySummary>(
      'POST',
      `/api/webhooks/deliveries/${failed._id}/redeliver`,
    );
    expect(redelivered.status).toBe(202);
    expect(redelivered.body).toMatchObject({ _id: failed._id, status: 'pending' });
    const done = await settledDelivery(endpoint._id, 'note.added', 'succeeded');
    expect(done).toMatchObject({ _id: failed._id, attempts: 4, lastStatusCode: 200 });
    expect([...hooks.processed.keys()]).toEqual([failed._id]);
    expect((hooks.processed.get(failed._id) as { id: string }).id).toBe(failed._id);

    // The trail has who redelivered it.
    const audit = await request<AuditPage>('GET', '/api/audit?action=webhook_delivery.redelivered');
    expect(audit.body.items[0]).toMatchObject({
      actor: { type: 'user', name: 'Dana Whitfield' },
      target: { type: 'webhook_delivery', id: failed._id },
    });
  });

  it('sends message.received for an inbound text, and message.sent for a staff text', async () => {
    const hooks = await receiver();
    const endpoint = await addEndpoint(hooks, ['message.received', 'message.sent']);
    const { ava } = t.world;

    const inboundId = await inboundText(t, ava.phone!, 'Is the 2-bed still free?');
    const received = await settledDelivery(endpoint._id, 'message.received');
    expect(received.payload).toMatchObject({
      type: 'message.received',
      data: {
        lead: { id: ava.id, name: 'Ava Thompson' },
        message: { id: inboundId, channel: 'SMS', text: 'Is the 2-bed still free?' },
      },
    });

    const sent = await staffSms(t, ava.id, 'Yes, it is! Want a tour?');
    expect(sent.statusCode).toBe(200);
    const outgoing = await settledDelivery(endpoint._id, 'message.sent');
    expect(outgoing.payload).toMatchObject({
      type: 'message.sent',
      data: {
        lead: { id: ava.id },
        message: {
          id: sent.json<{ _id: string }>()._id,
          channel: 'SMS',
          text: 'Yes, it is! Want a tour?',
        },
        actor: { kind: 'user', name: 'Dana Whitfield' },
      },
    });
    expect(hooks.received.every((r) => r.verified)).toBe(true);
  });

  it('sends decision.completed when staff complete a decision, with its outcome (null when none)', async () => {
    const hooks = await receiver();
    const endpoint = await addEndpoint(hooks, ['decision.completed']);
    const { liam } = t.world;
    await t.app.database.db
      .update(leads)
      .set({ officeDecisionStatus: 'PENDING' })
      .where(eq(leads.id, liam.id));

    const completed = await request<{ event: { _id: string } }>(
      'PUT',
      `/api/companies/${t.companyId}/leads/${liam.id}/office-decision`,
      t.token,
      { status: 'COMPLETED', isSeenByUser: true },
    );
    expect(completed.status).toBe(200);
    const delivery = await settledDelivery(endpoint._id, 'decision.completed');
    expect(delivery.payload).toMatchObject({
      type: 'decision.completed',
      data: {
        lead: { id: liam.id, name: 'Liam Carter' },
        decision: { id: completed.body.event._id, outcome: null },
        outcome: null,
        actor: { kind: 'user', name: 'Dana Whitfield' },
      },
    });
  });

  it('maps lead.assigned, lead.status_changed and follow_up.due recorded through the event port', async () => {
    const hooks = await receiver();
    const endpoint = await addEndpoint(hooks, [
      'lead.assigned',
      'lead.status_changed',
      'follow_up.due',
    ]);
    const { ava } = t.world;
    const dana = { kind: 'user' as const, userId: t.userId, name: 'Dana Whitfield' };
    const dueAt = '2026-11-24T15:00:00.000Z';
    await t.app.events.transaction(async ({ record }) =>
      record(
        domainEvent('lead.assigned', {
          companyId: t.companyId,
          leadId: ava.id,
          owner: dana,
          previousOwner: { kind: 'assistant' },
          timelineEventId: randomUUID(),
          actor: dana,
        }),
        domainEvent('lead.status_changed', {
          companyId: t.companyId,
          leadId: ava.id,
          before: 'TOURED',
          after: 'LOST',
          lostReason: 'Chose another community',
          note: 'Moving closer to work',
          timelineEventId: randomUUID(),
          actor: { kind: 'system' },
        }),
        domainEvent('follow_up.due', {
          companyId: t.companyId,
          leadId: ava.id,
          dueAt,
          ownerUserId: t.userId,
        }),
      ),
    );

    const assigned = await settledDelivery(endpoint._id, 'lead.assigned');
    expect(assigned.payload.data).toMatchObject({
      lead: { id: ava.id },
      owner: { kind: 'user', userId: t.userId, name: 'Dana Whitfield' },
      previousOwner: { kind: 'assistant' },
      actor: { kind: 'user', name: 'Dana Whitfield', email: t.world.staff.credentials.email },
    });
    const status = await settledDelivery(endpoint._id, 'lead.status_changed');
    expect(status.payload.data).toMatchObject({
      status: 'LOST',
      previousStatus: 'TOURED',
      lostReason: 'Chose another community',
      note: 'Moving closer to work',
      actor: { kind: 'system' },
    });
    const due = await settledDelivery(endpoint._id, 'follow_up.due');
    expect(due.payload.data).toMatchObject({
      followUp: { dueAt },
      owner: { kind: 'user', userId: t.userId, name: 'Dana Whitfield' },
    });
    expect(new Set(hooks.processed.keys())).toEqual(new Set([assigned._id, status._id, due._id]));
  });

  it('sends nothing for a change that rolled back, and only the events an endpoint picked', async () => {
    const hooks = await receiver();
    const endpoint = await addEndpoint(hooks, ['note.added']);
    const { ava } = t.world;
    await expect(
      t.app.events.transaction(async ({ record }) => {
        record(
          domainEvent('follow_up.due', {
            companyId: t.companyId,
            leadId: ava.id,
            dueAt: new Date().toISOString(),
            ownerUserId: null,
          }),
        );
        record(
          domainEvent('note.added', {
            companyId: t.companyId,
            leadId: ava.id,
            noteId: randomUUID(),
            actor: { kind: 'system' },
          }),
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // Positive control: a committed note reaches the endpoint; the follow-up never does.
    await t.app.events.transaction(async ({ record }) =>
      record(
        domainEvent('follow_up.due', {
          companyId: t.companyId,
          leadId: ava.id,
          dueAt: new Date().toISOString(),
          ownerUserId: null,
        }),
        domainEvent('note.added', {
          companyId: t.companyId,
          leadId: ava.id,
          noteId: randomUUID(),
          actor: { kind: 'system' },
        }),
      ),
    );
    await settledDelivery(endpoint._id, 'note.added');
    expect((await deliveriesOf(endpoint._id)).map((item) => item.event)).toEqual(['note.added']);
    expect(hooks.received).toHaveLength(1);
  });

  it('never fails the change when queuing a webhook fails', async () => {
    const hooks = await receiver();
    const endpoint = await addEndpoint(hooks, ['note.added']);
    const { db } = t.app.database;
    await db.execute(sql`
      create function refuse_webhook_delivery() returns trigger language plpgsql as $$
      begin raise exception 'delivery store is down'; end $$`);
    await db.execute(sql`
      create trigger refuse_webhook_delivery before insert on webhook_deliveries
      for each row execute function refuse_webhook_delivery()`);
    try {
      const note = await addNote(t.world.liam.id, t.companyId, 'Saved despite the webhook store');
      expect(note.status).toBe(200);
      const saved = await db
        .select()
        .from(notes)
        .where(eq(notes.text, 'Saved despite the webhook store'));
      expect(saved).toHaveLength(1);
      expect(await deliveriesOf(endpoint._id)).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger refuse_webhook_delivery on webhook_deliveries`);
      await db.execute(sql`drop function refuse_webhook_delivery()`);
    }
    // Positive control: with the store back, the next note is delivered.
    await addNote(t.world.liam.id, t.companyId, 'And this one is sent');
    const delivery = await settledDelivery(endpoint._id, 'note.added');
    expect(delivery.payload).toMatchObject({ data: { note: { text: 'And this one is sent' } } });
  });

  it("keeps companies apart: B's endpoint never hears A's events, and B cannot see or redeliver A's deliveries", async () => {
    const lakesideHooks = await receiver();
    const harborHooks = await receiver();
    const lakeside = await addEndpoint(lakesideHooks, ['note.added']);
    const harbor = await addEndpoint(harborHooks, ['note.added'], harborToken);

    await addNote(t.world.ava.id, t.companyId, 'Lakeside only');
    const lakesideDelivery = await settledDelivery(lakeside._id, 'note.added');
    // Positive control: Harbor's own note reaches Harbor's endpoint.
    const harborNote = await addNote(
      t.world.wyatt.id,
      t.world.harbor.id,
      'Harbor only',
      harborToken,
    );
    expect(harborNote.status).toBe(200);
    await expect.poll(() => harborHooks.processed.size, POLL).toBe(1);
    expect([...harborHooks.processed.values()]).toEqual([
      expect.objectContaining({
        companyId: t.world.harbor.id,
        data: expect.objectContaining({ note: expect.objectContaining({ text: 'Harbor only' }) }),
      }),
    ]);
    expect(lakesideHooks.received).toHaveLength(1);

    const harborList = await request<WebhookDeliveryPage>(
      'GET',
      '/api/webhooks/deliveries',
      harborToken,
    );
    expect(harborList.body.items.map((item) => item.endpoint._id)).toEqual([harbor._id]);
    const harborEndpoints = await request<WebhookEndpoint[]>(
      'GET',
      '/api/webhooks/endpoints',
      harborToken,
    );
    expect(harborEndpoints.body.map((item) => item._id)).toEqual([harbor._id]);

    const notYours = [
      ['GET', `/api/webhooks/deliveries/${lakesideDelivery._id}`],
      ['POST', `/api/webhooks/deliveries/${lakesideDelivery._id}/redeliver`],
      ['PATCH', `/api/webhooks/endpoints/${lakeside._id}`, { active: false }],
      ['POST', `/api/webhooks/endpoints/${lakeside._id}/rotate-secret`],
      ['DELETE', `/api/webhooks/endpoints/${lakeside._id}`],
      ['GET', `/api/webhooks/deliveries/${randomUUID()}`],
    ] as const;
    for (const [method, url, payload] of notYours) {
      const response = await request(method, url, harborToken, payload);
      expect(response.status, `${method} ${url}`).toBe(404);
    }
    // Still Lakeside's, unchanged, and delivered once.
    const mine = await request<WebhookDelivery>(
      'GET',
      `/api/webhooks/deliveries/${lakesideDelivery._id}`,
    );
    expect(mine.body).toMatchObject({ status: 'succeeded', attempts: 1 });
    const filtered = await request<WebhookDeliveryPage>(
      'GET',
      `/api/webhooks/deliveries?endpointId=${lakeside._id}`,
      harborToken,
    );
    expect(filtered.body.items).toEqual([]);
  });

  it('lets admins edit, rotate and delete endpoints, each on the audit trail', async () => {
    const hooks = await receiver();
    const endpoint = await addEndpoint(hooks, ['note.added']);
    const edited = await request<WebhookEndpoint>(
      'PATCH',
      `/api/webhooks/endpoints/${endpoint._id}`,
      t.token,
      { events: ['note.added', 'message.sent'], description: 'Assistant (prod)', active: false },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      events: ['note.added', 'message.sent'],
      description: 'Assistant (prod)',
      active: false,
      secret: endpoint.secret,
    });

    // A switched-off endpoint gets nothing; switched on again it does (positive control).
    await addNote(t.world.ava.id, t.companyId, 'While switched off');
    const rotated = await request<WebhookEndpoint>(
      'POST',
      `/api/webhooks/endpoints/${endpoint._id}/rotate-secret`,
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    await request('PATCH', `/api/webhooks/endpoints/${endpoint._id}`, t.token, { active: true });
    hooks.setSecret(rotated.body.secret);
    await addNote(t.world.ava.id, t.companyId, 'Switched on again');
    const delivery = await settledDelivery(endpoint._id, 'note.added');
    expect(delivery.payload).toMatchObject({ data: { note: { text: 'Switched on again' } } });
    expect(hooks.received).toHaveLength(1);
    expect(hooks.received[0]!.verified).toBe(true);
    expect(verifyByHand(endpoint.secret, hooks.received[0]!.headers, hooks.received[0]!.body)).toBe(
      false,
    );

    const deleted = await request('DELETE', `/api/webhooks/endpoints/${endpoint._id}`);
    expect(deleted.status).toBe(204);
    endpoints.splice(
      endpoints.findIndex((item) => item.id === endpoint._id),
      1,
    );
    const gone = await request('GET', `/api/webhooks/deliveries/${delivery._id}`);
    expect(gone.status).toBe(404);

    // One filtered page per action: the trail also holds other helpers' events.
    const entries = (
      await Promise.all(
        (
          [
            'webhook_endpoint.created',
            'webhook_endpoint.updated',
            'webhook_endpoint.secret_rotated',
            'webhook_endpoint.deleted',
          ] as const
        ).map(async (action) => {
          const page = await request<AuditPage>('GET', `/api/audit?action=${action}`);
          expect(page.status).toBe(200);
          return page.body.items;
        }),
      )
    ).flat();
    const actions = entries
      .filter((item) => item.target?.id === endpoint._id)
      .map((item) => item.action);
    expect(actions.sort()).toEqual(
      [
        'webhook_endpoint.created',
        'webhook_endpoint.deleted',
        'webhook_endpoint.secret_rotated',
        'webhook_endpoint.updated',
        'webhook_endpoint.updated',
      ].sort(),
    );
    const update = entries.find(
      (item) =>
        item.target?.id === endpoint._id &&
        item.action === 'webhook_endpoint.updated' &&
        item.after?.active === false,
    );
    expect(update).toMatchObject({
      before: { active: true, description: 'Assistant', events: ['note.added'] },
      after: {
        active: false,
        description: 'Assistant (prod)',
        events: ['note.added', 'message.sent'],
      },
    });
  });

  it('answers bad input with 400 and the field, and changes nothing', async () => {
    const before = await request<WebhookEndpoint[]>('GET', '/api/webhooks/endpoints');
    const cases = [
      [{ url: 'ftp://files.example.com/in', events: ['note.added'] }, 'url'],
      [{ url: 'not a url', events: ['note.added'] }, 'url'],
      [{ url: 'https://user:pass@hooks.example.com/in', events: ['note.added'] }, 'url'],
      [{ url: 'https://hooks.example.com/in', events: ['note.deleted'] }, 'events.0'],
      [{ url: 'https://hooks.example.com/in', events: [] }, 'events'],
      [{ url: 'https://hooks.example.com/in' }, 'events'],
    ] as const;
    for (const [payload, field] of cases) {
      const response = await request<{ error: { details: Array<{ path: string }> } }>(
        'POST',
        '/api/webhooks/endpoints',
        t.token,
        payload,
      );
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body.error.details.map((detail) => detail.path)).toContain(`body.${field}`);
    }
    const query = await request<{ error: { details: Array<{ path: string }> } }>(
      'GET',
      '/api/webhooks/deliveries?status=lost',
    );
    expect(query.status).toBe(400);
    expect(query.body.error.details.map((detail) => detail.path)).toContain('querystring.status');
    const after = await request<WebhookEndpoint[]>('GET', '/api/webhooks/endpoints');
    expect(after.body).toEqual(before.body);
  });

  it('refuses agents and managers (403)', async () => {
    for (const role of ['agent', 'manager'] as const) {
      const { credentials } = await createUser(t.app.database.db, t.companyId, { role });
      const token = (await login(t.app, credentials)).token;
      const list = await request('GET', '/api/webhooks/endpoints', token);
      expect(list.status, role).toBe(403);
      const create = await request('POST', '/api/webhooks/endpoints', token, {
        url: 'https://hooks.example.com/in',
        events: ['note.added'],
      });
      expect(create.status, role).toBe(403);
    }
    // Positive control: the admin is let through.
    expect((await request('GET', '/api/webhooks/endpoints')).status).toBe(200);
  });
});

describe.each(everyDatabase())(
  'outbound webhooks with the default configuration (private networks refused) on $name',
  (target) => {
    let t: WebhookTestApp;
    beforeAll(async () => {
      // WEBHOOK_ALLOW_PRIVATE_NETWORKS unset, whatever NODE_ENV is (the tests run with 'test').
      t = await startWebhookApp(target, {
        WEBHOOK_TIMEOUT: WEBHOOK_ENV.WEBHOOK_TIMEOUT,
        WEBHOOK_RETRY_DELAYS: WEBHOOK_ENV.WEBHOOK_RETRY_DELAYS,
      });
    });
    afterAll(() => t.stop());

    it('never calls an endpoint on loopback saved earlier, and says why in the delivery log', async () => {
      const hooks = await startFakeWebhookReceiver();
      try {
        // Saved while a server ran with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true.
        const [endpoint] = await t.app.database.db
          .insert(webhookEndpoints)
          .values({
            companyId: t.companyId,
            url: `${hooks.url}/hooks/leasing`,
            events: ['note.added'],
            secret: `whsec_${Buffer.alloc(32, 3).toString('base64')}`,
          })
          .returning();
        const note = await t.app.inject({
          method: 'POST',
          url: `/api/leads/${t.world.ava.id}/notes`,
          headers: bearer(t.token),
          payload: { leadID: t.world.ava.id, companyID: t.companyId, text: 'Private check' },
        });
        expect(note.statusCode).toBe(200);
        let delivery: WebhookDeliverySummary | undefined;
        await expect
          .poll(async () => {
            const page = await t.app.inject({
              method: 'GET',
              url: `/api/webhooks/deliveries?endpointId=${endpoint!.id}`,
              headers: bearer(t.token),
            });
            delivery = page.json<WebhookDeliveryPage>().items[0];
            return delivery?.status;
          }, POLL)
          .toBe('failed');
        expect(delivery).toMatchObject({
          lastStatusCode: null,
          lastError: '127.0.0.1 is not a public address',
        });
        expect(hooks.received).toEqual([]);
      } finally {
        await hooks.close();
      }
    });

    it('documents the signature headers and the events in the OpenAPI description', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
      const { description } = response.json<{ info: { description: string } }>().info;
      for (const words of [
        'Webhook-Id',
        'Webhook-Timestamp',
        'Webhook-Signature',
        'message.sent',
      ]) {
        expect(description).toContain(words);
      }
    });

    it('refuses an endpoint on loopback or a private address, and takes a public one', async () => {
      for (const url of [
        'http://127.0.0.1:8080/hook',
        'http://localhost/hook',
        'https://10.1.2.3/hook',
        'http://169.254.169.254/latest/meta-data',
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/webhooks/endpoints',
          headers: bearer(t.token),
          payload: { url, events: ['note.added'] },
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error.details[0].path).toBe('body.url');
      }
      const publicOne = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/endpoints',
        headers: bearer(t.token),
        payload: {
          url: 'https://hooks.example.com/leasing',
          events: ['note.added'],
          active: false,
        },
      });
      expect(publicOne.statusCode).toBe(201);
    });
  },
);
