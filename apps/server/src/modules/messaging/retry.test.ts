import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ConversationEvent, ConversationPage, Lead } from '@leasing/contract';
import { apiPaths, DELIVERY_FAILURES } from '@leasing/contract';
import { auditLog, conversationEvents, leads } from '../../db/schema/index.js';
import { createConversationEvent, createLead, createOffice } from '../../test/factories.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import { oneDatabase, login } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';
import { waitUntil } from '../../test/wait-until.js';

type Answer = ConversationEvent & { error?: { code: string; message: string } };

describe("'Retry' of a failed message, through Twilio (a loopback fake of its Messages API)", () => {
  let fake: FakeTwilio;
  beforeAll(async () => {
    fake = await startFakeTwilio();
  });
  afterAll(async () => {
    await fake.close();
  });
  const t = useTestApp(oneDatabase()[0]!, {
    seed: 'none',
    listen: true,
    env: ({ url }) => ({
      PUBLIC_URL: url!,
      ...fake.env(),
    }),
  });

  let office: Awaited<ReturnType<typeof createOffice>>;
  let auth: Record<string, string>;
  beforeAll(async () => {
    office = await createOffice(t.db, {
      company: { registeredLeasingEmail: 'leasing@lakeside.test' },
      staff: { name: 'Dana Whitfield' },
    });
    auth = { authorization: `Bearer ${(await login(t.app, office.staff.credentials)).token}` };
  });

  const api = async <T = Answer>(path: string, init: RequestInit = {}) => {
    const response = await fetch(`${t.url}${path}`, {
      ...init,
      headers: { ...auth, ...(init.headers ?? {}) },
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as T };
  };
  const sms = (leadId: string, text: string) => {
    const form = new FormData();
    form.set('leadID', leadId);
    form.set('text', text);
    return api(`/api/leads/${leadId}/sms`, { method: 'POST', body: form });
  };
  const retry = (leadId: string, messageId: string) =>
    api(`/api/leads/${leadId}/messages/${messageId}/retry`, { method: 'POST' });
  const waitForFinal = async (leadId: string, eventId: string) => {
    const event = async () =>
      (await api<ConversationPage>(`/api/leads/${leadId}/conversations?limit=50`)).body.items.find(
        (item) => item._id === eventId,
      );
    return waitUntil(
      `message ${eventId} is COMPLETED or FAILED`,
      async () => {
        const found = await event();
        return found?.sendingStatus === 'COMPLETED' || found?.sendingStatus === 'FAILED'
          ? found
          : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200, lastSeen: async () => (await event())?.sendingStatus },
    );
  };
  /** Sends `text` to a new lead; the fake fails it with `errorCode` the first time only. */
  const failOnce = async (text: string, errorCode: string) => {
    let failures = 0;
    fake.setOutcome((message) => {
      if (message.body === text && failures === 0) {
        failures += 1;
        return { accept: true, finalStatus: 'undelivered', errorCode };
      }
      return { accept: true, finalStatus: 'delivered' };
    });
    const lead = await createLead(t.db, office.property, { name: 'Noah Kim' });
    const sent = await sms(lead.id, text);
    expect(sent.status).toBe(200);
    await waitForFinal(lead.id, sent.body._id);
    await fake.settled();
    const failed = await waitForFinal(lead.id, sent.body._id);
    expect(failed.sendingStatus).toBe('FAILED');
    return { lead, failed };
  };

  it('says what a carrier error means and what to do, and falls back to the provider text and code', async () => {
    const spam = await failOnce('Limited offer!! click http://x.test', '30007');
    expect(spam.failed.data).toMatchObject({
      failureReason: DELIVERY_FAILURES['30007']!.reason,
      failureAction: DELIVERY_FAILURES['30007']!.action,
      failureCode: '30007',
    });
    const unknown = await failOnce('Something odd happens', '39999');
    expect(unknown.failed.data.failureReason).toBe(
      'The carrier reported the message undelivered (error 39999)',
    );
    expect(unknown.failed.data.failureAction).toBeUndefined();
  });

  it('sends a failed text again to the provider as a new linked attempt, once per failure', async () => {
    const { lead, failed } = await failOnce('See you at the tour at 4', '30003');
    const before = fake.received.filter((m) => m.body === 'See you at the tour at 4').length;
    expect(before).toBe(1);

    const retried = await retry(lead.id, failed._id);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      eventType: 'SMS',
      body: 'See you at the tour at 4',
      senderName: 'Dana Whitfield',
      data: { retryOf: failed._id },
    });
    expect(retried.body._id).not.toBe(failed._id);
    // A second click while the retry is on its way (or after) is refused.
    expect((await retry(lead.id, failed._id)).status).toBe(409);

    await fake.settled();
    const attempt = await waitForFinal(lead.id, retried.body._id);
    expect(attempt.sendingStatus).toBe('COMPLETED');
    expect(fake.received.filter((m) => m.body === 'See you at the tour at 4')).toHaveLength(2);
    const original = await waitForFinal(lead.id, failed._id);
    expect(original).toMatchObject({ sendingStatus: 'FAILED', data: { retriedBy: attempt._id } });
    // The new attempt is a message of its own: it stored its own idempotency key before sending,
    // and the person's retry is in the audit trail.
    const [row] = await t.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.id, attempt._id));
    expect(row!.idempotencyKey).toBe(`retry:${failed._id}`);
    expect(row!.providerMessageId).not.toBeNull();
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, attempt._id));
    expect(audit).toHaveLength(1);
    // A delivered message is not retried.
    expect((await retry(lead.id, attempt._id)).status).toBe(409);
  });

  it('lets only one of two simultaneous retries through', async () => {
    const { lead, failed } = await failOnce('Two clicks at once', '30008');
    const answers = await Promise.all([retry(lead.id, failed._id), retry(lead.id, failed._id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const copies = await t.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.leadId, lead.id));
    expect(copies.filter((event) => event.body === 'Two clicks at once')).toHaveLength(2);
  });

  it('checks the opt-out again: a lead who replied STOP since is not texted', async () => {
    const { lead, failed } = await failOnce('Are you still looking?', '30003');
    await t.db.update(leads).set({ phoneOptStatus: 'OPT_OUT' }).where(eq(leads.id, lead.id));
    const refused = await retry(lead.id, failed._id);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toMatch(/opted out of SMS/);
    const after = await waitForFinal(lead.id, failed._id);
    expect(after.data.retriedBy).toBeUndefined();
  });

  it("retries only the lead's own failed outgoing messages, and only in the caller's company", async () => {
    const lead = await createLead(t.db, office.property);
    const inbound = await createConversationEvent(t.db, lead, { sendingStatus: null });
    expect((await retry(lead.id, inbound.id)).status).toBe(404);
    const other = await createLead(t.db, office.property);
    const failedElsewhere = await createConversationEvent(t.db, other, {
      senderType: 'USER',
      sendingStatus: 'FAILED',
    });
    expect((await retry(lead.id, failedElsewhere.id)).status).toBe(404);

    const elsewhere = await createOffice(t.db);
    const theirs = await createLead(t.db, elsewhere.property);
    const theirFailed = await createConversationEvent(t.db, theirs, {
      senderType: 'USER',
      sendingStatus: 'FAILED',
    });
    expect((await retry(theirs.id, theirFailed.id)).status).toBe(403);
  });

  it('retries a failed email as a new email with its own Message-ID', async () => {
    const lead = await createLead(t.db, office.property, { phone: null });
    const failed = await createConversationEvent(t.db, lead, {
      eventType: 'EMAIL',
      senderType: 'USER',
      subject: 'Your application',
      body: 'Please send your pay stubs.',
      sendingStatus: 'FAILED',
      providerMessageId: '<first-attempt@lakeside.test>',
      data: { failureReason: 'The relay refused it' },
    });
    const retried = await retry(lead.id, failed.id);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ eventType: 'EMAIL', subject: 'Your application' });
    expect((await waitForFinal(lead.id, retried.body._id)).sendingStatus).toBe('COMPLETED');
    const [row] = await t.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.id, retried.body._id));
    expect(row!.providerMessageId).toMatch(/@lakeside\.test>$/);
    expect(row!.providerMessageId).not.toBe('<first-attempt@lakeside.test>');
  });

  it('flags the property when its number is not registered for A2P 10DLC (30034), until a text is delivered again', async () => {
    const pane = async (pmsLeadId: string) =>
      (await api<Lead>(apiPaths.lead(office.property.id, pmsLeadId))).body;
    const { lead, failed } = await failOnce('Your application was approved', '30034');
    expect(failed.data.failureReason).toMatch(/not registered for A2P 10DLC/);
    const flagged = (await pane(lead.pmsLeadId)).propertyA2pUnregisteredAt;
    expect(flagged).not.toBeNull();
    // Every lead of the property shows it: it is the number's problem, not the lead's.
    const neighbour = await createLead(t.db, office.property);
    expect((await pane(neighbour.pmsLeadId)).propertyA2pUnregisteredAt).toBe(flagged);

    const retried = await retry(lead.id, failed._id);
    await fake.settled();
    expect((await waitForFinal(lead.id, retried.body._id)).sendingStatus).toBe('COMPLETED');
    await fake.settled();
    expect((await pane(lead.pmsLeadId)).propertyA2pUnregisteredAt).toBeNull();
  });
});
