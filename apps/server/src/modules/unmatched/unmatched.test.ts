import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  type ApiError,
  type Lead,
  type UnmatchedCount,
  type UnmatchedMessage,
  type UnmatchedMessagePage,
} from '@leasing/contract';
import {
  auditLog,
  conversationEvents,
  leads,
  leadSources,
  phoneNumbers,
  unmatchedMessages,
  type NewUnmatchedMessageRow,
} from '../../db/schema/index.js';
import {
  createLead,
  createOffice,
  createPhoneNumber,
  createUser,
  uniquePhone,
  type Office,
} from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

describe.each(oneDatabase())('unmatched messages as work on $name', (target) => {
  const t = useTestApp(target, { seed: 'none' });
  let office: Office;
  let other: Office;
  let agent: string;
  let otherAdmin: string;
  let counter = 0;

  /** A message the inbound path could not match, as it stores one. */
  const unmatched = async (values: Partial<NewUnmatchedMessageRow> = {}, company = office) => {
    counter += 1;
    const [row] = await t.db
      .insert(unmatchedMessages)
      .values({
        channel: 'SMS',
        companyId: company.company.id,
        fromAddress: `+1512555${String(7000 + counter)}`,
        toAddress: '+15125550000',
        body: `Is the 2 bedroom still available? (${counter})`,
        data: { messageSid: `SMunmatched${counter}` },
        reason: 'No lead has this phone number',
        dedupeKey: `sms:SMunmatched${counter}`,
        receivedAt: new Date(Date.UTC(2026, 10, 20, 15, counter)),
        ...values,
      })
      .returning();
    return row!;
  };
  const post = <T>(url: string, payload?: unknown, as = agent) =>
    t.request<T & ApiError>('POST', url, { as, ...(payload ? { payload } : {}) });
  const count = async (as = agent) =>
    (await t.request<UnmatchedCount>('GET', apiPaths.unmatchedCount, { as })).body.open;
  const list = async (status: 'open' | 'done', as = agent) =>
    (
      await t.request<UnmatchedMessagePage>(
        'GET',
        `${apiPaths.unmatchedMessages}?status=${status}`,
        {
          as,
        },
      )
    ).body.items.map((item) => item._id);

  beforeAll(async () => {
    office = await createOffice(t.db);
    other = await createOffice(t.db);
    const alex = await createUser(t.db, office.company.id, { role: 'agent', name: 'Alex Kim' });
    agent = await t.signIn(alex.credentials);
    otherAdmin = await t.signIn(other.staff.credentials);
  });

  it("moves a text to an existing lead's timeline, dated when it came, and files it under Done", async () => {
    const before = await count();
    const message = await unmatched({ body: 'This is Ava, texting from my work phone' });
    const ava = await createLead(t.db, office.property, { name: 'Ava Thompson' });
    expect(await count()).toBe(before + 1);
    expect(await list('open')).toContain(message.id);

    const response = await post<UnmatchedMessage>(apiPaths.unmatchedAssign(message.id), {
      leadId: ava.id,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'ASSIGNED',
      resolvedByName: 'Alex Kim',
      lead: { _id: ava.id, name: 'Ava Thompson' },
    });
    expect(await count()).toBe(before);
    expect(await list('open')).not.toContain(message.id);
    expect(await list('done')).toContain(message.id);

    const pane = await t.request<Lead>('GET', apiPaths.lead(ava.propertyId, ava.pmsLeadId), {
      as: agent,
    });
    const moved = pane.body.conversations.find(
      (event) => event.body === 'This is Ava, texting from my work phone',
    );
    expect(moved).toMatchObject({
      eventType: 'SMS',
      senderType: 'LEAD',
      date: message.receivedAt.toISOString(),
    });
    expect(pane.body.lights.needsReply).toBe(true);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'unmatched.resolved'), eq(auditLog.targetId, message.id)));
    expect(audit).toMatchObject({ actorName: 'Alex Kim', after: { resolution: 'ASSIGNED' } });

    // Twice is refused, and names who did it first.
    const again = await post(apiPaths.unmatchedAssign(message.id), { leadId: ava.id });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Alex Kim already moved this message to a lead.');
  });

  it('makes a lead of the sender in the chosen property, with the message on it', async () => {
    const message = await unmatched({ fromAddress: '+15125557777', body: 'Hi, I saw your sign' });
    const response = await post<UnmatchedMessage>(apiPaths.unmatchedCreateLead(message.id), {
      propertyId: office.property.id,
      name: 'Sign Walker',
    });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('LEAD_CREATED');
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, response.body.lead!._id));
    expect(lead).toMatchObject({
      name: 'Sign Walker',
      phone: '+15125557777',
      propertyId: office.property.id,
      pmsLeadId: 'SMS-15125557777',
    });
    const events = await t.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.leadId, lead!.id));
    expect(events.map((event) => event.body)).toContain('Hi, I saw your sign');
  });

  it('gives a lead made of a text the source of the number it came to, and none without one', async () => {
    const [zillow] = await t.db
      .select()
      .from(leadSources)
      .where(and(eq(leadSources.companyId, office.company.id), eq(leadSources.name, 'Zillow')));
    const tracking = await createPhoneNumber(t.db, office.company.id);
    await t.db
      .update(phoneNumbers)
      .set({ sourceId: zillow!.id })
      .where(eq(phoneNumbers.id, tracking.id));
    const plain = await createPhoneNumber(t.db, office.company.id);
    const leadOf = async (toAddress: string, name: string) => {
      const message = await unmatched({ toAddress, fromAddress: uniquePhone() });
      const response = await post<UnmatchedMessage>(apiPaths.unmatchedCreateLead(message.id), {
        propertyId: office.property.id,
        name,
      });
      expect(response.status).toBe(200);
      return (await t.db.select().from(leads).where(eq(leads.id, response.body.lead!._id)))[0]!;
    };
    expect((await leadOf(tracking.e164, 'Tracked Texter')).sourceId).toBe(zillow!.id);
    expect((await leadOf(plain.e164, 'Plain Texter')).sourceId).toBeNull();
  });

  it('makes a lead of an email sender with their address', async () => {
    const message = await unmatched({
      channel: 'EMAIL',
      fromAddress: 'Noah.Park@Example.com',
      subject: 'Parking question',
      body: 'Is there a garage?',
      data: {
        messageId: '<parking-1@example.com>',
        otherAttachments: [
          {
            url: '/media/parking-map.pdf',
            fileName: 'parking-map.pdf',
            contentType: 'application/pdf',
            size: 2048,
          },
        ],
      },
      dedupeKey: 'email:parking-1',
    });
    const listed = await t.request<UnmatchedMessagePage>('GET', apiPaths.unmatchedMessages, {
      as: agent,
    });
    expect(listed.body.items.find((item) => item._id === message.id)?.files).toEqual([
      expect.objectContaining({ fileName: 'parking-map.pdf', size: 2048 }),
    ]);
    const response = await post<UnmatchedMessage>(apiPaths.unmatchedCreateLead(message.id), {
      propertyId: office.property.id,
      name: 'Noah Park',
    });
    expect(response.status).toBe(200);
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, response.body.lead!._id));
    expect(lead).toMatchObject({ email: 'noah.park@example.com', phone: null });
    const [event] = await t.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.leadId, lead!.id));
    expect(event).toMatchObject({
      eventType: 'EMAIL',
      subject: 'Parking question',
      providerMessageId: '<parking-1@example.com>',
    });
    // Its file goes with it.
    expect(event!.data.otherAttachments).toEqual([
      expect.objectContaining({ fileName: 'parking-map.pdf' }),
    ]);
  });

  it('flags a moved text that reads like an opt-out for a person to decide', async () => {
    const message = await unmatched({ body: 'please stop texting me' });
    const mia = await createLead(t.db, office.property, { name: 'Mia Davis' });
    await post(apiPaths.unmatchedAssign(message.id), { leadId: mia.id });
    const [event] = await t.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.leadId, mia.id));
    expect(event!.data).toMatchObject({ optOutReview: { status: 'PENDING' } });
    // Moving it changes no consent by itself.
    expect((await t.db.select().from(leads).where(eq(leads.id, mia.id)))[0]!.phoneOptStatus).toBe(
      mia.phoneOptStatus,
    );
  });

  it('dismisses a message, and keeps other companies out', async () => {
    const message = await unmatched();
    const theirs = await unmatched({}, other);
    const lead = await createLead(t.db, office.property);

    expect((await post(apiPaths.unmatchedDismiss(message.id), undefined, otherAdmin)).status).toBe(
      403,
    );
    expect((await post(apiPaths.unmatchedAssign(theirs.id), { leadId: lead.id })).status).toBe(403);
    const theirLead = await createLead(t.db, other.property);
    expect(
      (await post(apiPaths.unmatchedAssign(message.id), { leadId: theirLead.id })).status,
    ).toBe(403);
    expect(
      (
        await post(apiPaths.unmatchedCreateLead(message.id), {
          propertyId: other.property.id,
          name: 'Nobody',
        })
      ).status,
    ).toBe(403);
    expect(await list('open', otherAdmin)).not.toContain(message.id);

    const dismissed = await post<UnmatchedMessage>(apiPaths.unmatchedDismiss(message.id));
    expect(dismissed.body).toMatchObject({ status: 'DISMISSED', lead: null });
    expect(await list('done')).toContain(message.id);
  });

  it('refuses a bad request by naming the field, and changes nothing', async () => {
    const message = await unmatched();
    const noLead = await post(apiPaths.unmatchedAssign(message.id), { leadId: 'nope' });
    expect(noLead.status).toBe(400);
    expect(JSON.stringify(noLead.body.error.details)).toContain('leadId');
    const noName = await post(apiPaths.unmatchedCreateLead(message.id), {
      propertyId: office.property.id,
      name: ' ',
    });
    expect(noName.status).toBe(400);
    expect(JSON.stringify(noName.body.error.details)).toContain('name');
    expect(await list('open')).toContain(message.id);
  });
});
