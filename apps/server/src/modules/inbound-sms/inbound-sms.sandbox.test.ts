import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ConversationEvent, OutboxEntry } from '@leasing/contract';
import { conversationEvents, leads, properties } from '../../db/schema/index.js';
import {
  bearer,
  databaseTargets,
  login,
  OTHER_LOGIN,
  startTestApp,
  type TestApp,
} from '../../test/test-app.js';
import { automaticReplies, eventsBySid, leadById, leadNamed } from './test-support.js';

describe.each(databaseTargets())('simulated replies in the SMS sandbox on $name', (target) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(target);
    token = (await login(t.app)).token;
  });
  afterAll(() => t.close());

  const simulate = (leadID: string, text: string, as = token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound-sms',
      headers: bearer(as),
      payload: { leadID, text },
    });

  it("stores the reply as the lead's inbound text, through the webhook's path", async () => {
    const ava = await leadNamed(t, 'Ava Thompson');
    const response = await simulate(ava.id, 'Saturday at 10 works for me.');
    expect(response.statusCode).toBe(200);
    const event = response.json<ConversationEvent>();
    expect(event).toMatchObject({
      leadID: ava.id,
      eventType: 'SMS',
      senderType: 'LEAD',
      senderName: 'Ava Thompson',
      body: 'Saturday at 10 works for me.',
      sendingStatus: null,
    });
    const [row] = await t.app.database.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.id, event._id));
    expect(row!.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(await eventsBySid(t, row!.providerMessageId!)).toHaveLength(1);
  });

  it('reaches a lead nobody texted yet on the shared number, and a lead of a property with its own number', async () => {
    const [maple] = await t.app.database.db
      .select()
      .from(properties)
      .where(eq(properties.pmsPropertyId, 'P-1001'));
    const [quiet] = await t.app.database.db
      .insert(leads)
      .values({
        companyId: maple!.companyId,
        propertyId: maple!.id,
        pmsLeadId: 'T-quiet',
        name: 'Quinn Quiet',
        phone: '+15125550555',
      })
      .returning();
    expect((await simulate(quiet!.id, 'Hello?')).json<ConversationEvent>().leadID).toBe(quiet!.id);

    const [summitLead] = await t.app.database.db
      .select({ id: leads.id })
      .from(leads)
      .innerJoin(properties, eq(properties.id, leads.propertyId))
      .where(eq(properties.pmsPropertyId, 'P-1003'))
      .limit(1);
    expect((await simulate(summitLead!.id, 'Pool hours?')).json<ConversationEvent>().leadID).toBe(
      summitLead!.id,
    );
  });

  it('handles keywords as a real text would: STOP opts out and the confirmation reaches the outbox', async () => {
    const emma = await leadNamed(t, 'Emma Johnson');
    expect((await simulate(emma.id, 'stop')).statusCode).toBe(200);
    expect((await leadById(t, emma.id)).phoneOptStatus).toBe('OPT_OUT');
    const [confirmation] = await automaticReplies(t, emma.id);
    const outbox = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/outbox', headers: bearer(token) })).json<{
        items: OutboxEntry[];
      }>().items;
    await expect
      .poll(async () => (await outbox()).find((entry) => entry.eventID === confirmation!.id), {
        timeout: 10_000,
      })
      .toMatchObject({ channel: 'SMS', to: emma.phone, body: confirmation!.body });
  });

  it("refuses another company's lead, an unknown one, one without a phone and an empty text", async () => {
    const other = (await login(t.app, OTHER_LOGIN)).token;
    const ava = await leadNamed(t, 'Ava Thompson');
    expect((await simulate(ava.id, 'not yours', other)).statusCode).toBe(403);
    expect((await simulate(randomUUID(), 'nobody')).statusCode).toBe(404);
    const sofia = await leadNamed(t, 'Sofia Martinez');
    const noPhone = await simulate(sofia.id, 'hello');
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json()).toMatchObject({
      error: { message: expect.stringMatching(/no phone number/) },
    });
    expect((await simulate(ava.id, '   ')).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/sandbox/inbound-sms',
          payload: { leadID: ava.id, text: 'hi' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
