import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ConversationEvent, OutboxEntry } from '@leasing/contract';
import { conversationEvents, type LeadRow, type PropertyRow } from '../../db/schema/index.js';
import { createLead, createOffice, createProperty, type Office } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';
import { automaticReplies, eventsBySid, leadById } from './test-support.js';

describe.each(oneDatabase())('simulated replies in the SMS sandbox on $name', (target) => {
  const s = useTestApp(target, { seed: 'none' });
  let office: Office;
  let token: string;
  let otherToken: string;
  /** A property with its own SMS number; the office's first one sends from the shared number. */
  let ownNumber: PropertyRow;
  let ava: LeadRow;
  beforeAll(async () => {
    office = await createOffice(s.db);
    ownNumber = await createProperty(s.db, office.company.id, { smsNumber: '+15125550999' });
    ava = await createLead(s.db, office.property, { name: 'Ava Thompson' });
    token = await s.signIn(office.staff.credentials);
    otherToken = await s.signIn((await createOffice(s.db)).staff.credentials);
  });

  const simulate = (leadID: string, text: string, as = token) =>
    s.request<ConversationEvent>('POST', '/api/sandbox/inbound-sms', {
      as,
      payload: { leadID, text },
    });

  it("stores the reply as the lead's inbound text, through the webhook's path", async () => {
    const response = await simulate(ava.id, 'Saturday at 10 works for me.');
    expect(response.status).toBe(200);
    const event = response.body;
    expect(event).toMatchObject({
      leadID: ava.id,
      eventType: 'SMS',
      senderType: 'LEAD',
      senderName: 'Ava Thompson',
      body: 'Saturday at 10 works for me.',
      sendingStatus: null,
    });
    const [row] = await s.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.id, event._id));
    expect(row!.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(await eventsBySid(s.testApp, row!.providerMessageId!)).toHaveLength(1);
  });

  it('reaches a lead nobody texted yet on the shared number, and a lead of a property with its own number', async () => {
    const quiet = await createLead(s.db, office.property, {
      name: 'Quinn Quiet',
      phone: '+15125550555',
    });
    expect((await simulate(quiet.id, 'Hello?')).body.leadID).toBe(quiet.id);

    const ownNumberLead = await createLead(s.db, ownNumber);
    expect((await simulate(ownNumberLead.id, 'Pool hours?')).body.leadID).toBe(ownNumberLead.id);
  });

  it('handles keywords as a real text would: STOP opts out and the confirmation reaches the outbox', async () => {
    const emma = await createLead(s.db, office.property, { name: 'Emma Johnson' });
    expect((await simulate(emma.id, 'stop')).status).toBe(200);
    expect((await leadById(s.testApp, emma.id)).phoneOptStatus).toBe('OPT_OUT');
    const [confirmation] = await automaticReplies(s.testApp, emma.id);
    const outbox = async () =>
      (await s.request<{ items: OutboxEntry[] }>('GET', '/api/outbox', { as: token })).body.items;
    await expect
      .poll(async () => (await outbox()).find((entry) => entry.eventID === confirmation!.id), {
        timeout: 10_000,
      })
      .toMatchObject({ channel: 'SMS', to: emma.phone, body: confirmation!.body });
  });

  it("refuses another company's lead, an unknown one, one without a phone and an empty text", async () => {
    expect((await simulate(ava.id, 'not yours', otherToken)).status).toBe(403);
    expect((await simulate(randomUUID(), 'nobody')).status).toBe(404);
    const sofia = await createLead(s.db, office.property, { name: 'Sofia Martinez', phone: null });
    const noPhone = await simulate(sofia.id, 'hello');
    expect(noPhone.status).toBe(400);
    expect(noPhone.body).toMatchObject({
      error: { message: expect.stringMatching(/no phone number/) },
    });
    expect((await simulate(ava.id, '   ')).status).toBe(400);
    expect(
      (
        await s.request('POST', '/api/sandbox/inbound-sms', {
          payload: { leadID: ava.id, text: 'hi' },
        })
      ).status,
    ).toBe(401);
  });
});
