import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { ApiError, ConversationEvent, LeadDraftResponse } from '@leasing/contract';
import { conversationEvents, type LeadRow } from '../../db/schema/index.js';
import {
  createConversationEvent,
  createLead,
  createOffice,
  createUser,
  uniquePhone,
} from '../../test/factories.js';
import { everyDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

type Staff = { id: string; token: string; companyId: string };

/**
 * The reply guard: a send based on an event answers 409 STALE_DRAFT when the lead wrote, or
 * someone else replied, after that event, unless forced; the author's own messages never hold it.
 */
describe.each(everyDatabase())('the reply guard ($name)', (target) => {
  const t = useTestApp(target, { listen: true });
  let dana: Staff;
  let priya: Staff;
  let other: Staff;

  beforeAll(async () => {
    const office = await createOffice(t.db, {
      company: { registeredLeasingEmail: 'leasing@guard.test' },
      property: { smsNumber: uniquePhone() },
    });
    const agent = await createUser(t.db, office.company.id, { role: 'agent' });
    const outside = await createOffice(t.db);
    const staff = async (
      user: { id: string },
      credentials: { email: string; password: string },
    ) => ({
      id: user.id,
      token: await t.signIn(credentials),
      companyId: office.company.id,
    });
    dana = await staff(office.staff.user, office.staff.credentials);
    priya = await staff(agent.user, agent.credentials);
    other = {
      ...(await staff(outside.staff.user, outside.staff.credentials)),
      companyId: outside.company.id,
    };
    leads.push(
      await createLead(t.db, office.property, { name: 'Ava Thompson' }),
      await createLead(t.db, office.property, { name: 'Liam Carter' }),
    );
  });
  const leads: LeadRow[] = [];

  const email = (
    as: Staff,
    lead: LeadRow,
    extra: { basedOnEventId?: string; force?: boolean; text?: string } = {},
  ) =>
    t.request<ConversationEvent & ApiError>('POST', `/api/leads/${lead.id}/email`, {
      as: as.token,
      payload: {
        subject: 'Your tour',
        text: extra.text ?? 'See you at 10',
        leadID: lead.id,
        companyID: as.companyId,
        sentByUserID: as.id,
        ...extra,
      },
    });

  const sms = async (as: Staff, lead: LeadRow, fields: Record<string, string>) => {
    const form = new FormData();
    form.set('leadID', lead.id);
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const response = await fetch(`${t.url}/api/leads/${lead.id}/sms`, {
      method: 'POST',
      headers: { authorization: `Bearer ${as.token}` },
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as ConversationEvent & ApiError,
    };
  };

  const messagesOf = async (lead: LeadRow) =>
    (
      await t.db
        .select({ n: count() })
        .from(conversationEvents)
        .where(and(eq(conversationEvents.leadId, lead.id)))
    )[0]!.n;

  it('sends when nothing happened since the base, and the author’s own messages never hold the next one', async () => {
    const lead = leads[0]!;
    const base = await createConversationEvent(t.db, lead);
    expect((await email(dana, lead, { basedOnEventId: base.id })).status).toBe(200);
    // Still based on the lead's message: Dana's own email since does not count.
    expect((await email(dana, lead, { basedOnEventId: base.id, text: 'And parking' })).status).toBe(
      200,
    );
    expect((await sms(dana, lead, { text: 'Texting too', basedOnEventId: base.id })).status).toBe(
      200,
    );
  });

  it('holds a send when the lead wrote since the base (409 with the new event), nothing stored; force sends it once', async () => {
    const lead = leads[0]!;
    const base = await createConversationEvent(t.db, lead);
    const inbound = await createConversationEvent(t.db, lead, { body: 'Is 11 better?' });
    const before = await messagesOf(lead);

    const held = await email(dana, lead, { basedOnEventId: base.id });
    expect(held.status).toBe(409);
    expect(held.body.error).toMatchObject({
      code: 'STALE_DRAFT',
      message: 'New activity since you started writing',
      newEventCount: 1,
      newEventIds: [inbound.id],
    });
    const heldSms = await sms(dana, lead, { text: 'Sure', basedOnEventId: base.id });
    expect(heldSms.status).toBe(409);
    expect(heldSms.body.error.newEventIds).toEqual([inbound.id]);
    expect(await messagesOf(lead)).toBe(before);

    const forced = await sms(dana, lead, { text: 'Sure', basedOnEventId: base.id, force: 'true' });
    expect(forced.status).toBe(200);
    expect(await messagesOf(lead)).toBe(before + 1);
    // Based on the newest event now: sent.
    expect((await email(dana, lead, { basedOnEventId: inbound.id })).status).toBe(200);
  });

  it("holds a send when someone else replied since the base: another user's message, or the assistant's", async () => {
    const lead = leads[1]!;
    const base = await createConversationEvent(t.db, lead);
    const priyas = await email(priya, lead, { basedOnEventId: base.id, text: 'Priya here' });
    expect(priyas.status).toBe(200);

    const held = await email(dana, lead, { basedOnEventId: base.id });
    expect(held.status).toBe(409);
    expect(held.body.error.newEventIds).toEqual([priyas.body._id]);

    const assistant = await createConversationEvent(t.db, lead, {
      senderType: 'ASSISTANT',
      senderName: 'Assistant',
      body: 'Tours run daily',
    });
    const heldAgain = await email(dana, lead, { basedOnEventId: priyas.body._id });
    expect(heldAgain.status).toBe(409);
    expect(heldAgain.body.error.newEventIds).toEqual([assistant.id]);

    // A note-like event that is no message (a tour booked) holds nothing.
    await createConversationEvent(t.db, lead, {
      eventType: 'SCHEDULED_TOUR_APPOINTMENT',
      senderType: 'SYSTEM',
    });
    expect((await email(dana, lead, { basedOnEventId: assistant.id })).status).toBe(200);
    expect((await email(dana, lead, { basedOnEventId: base.id, force: true })).status).toBe(200);
  });

  it('leaves sends without a base unchecked, and refuses a base that is not the lead’s', async () => {
    const [ava, liam] = leads as [LeadRow, LeadRow];
    const elsewhere = await createConversationEvent(t.db, liam);
    await createConversationEvent(t.db, ava);
    expect((await email(dana, ava)).status).toBe(200);
    const wrong = await email(dana, ava, { basedOnEventId: elsewhere.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details).toEqual([
      { path: 'body.basedOnEventId', message: "not one of this lead's events" },
    ]);
    const notUuid = await sms(dana, ava, { text: 'x', basedOnEventId: 'nope' });
    expect(notUuid.status).toBe(400);
    expect(notUuid.body.error.details?.[0]?.path).toBe('body.basedOnEventId');
    // Another company's staff do not learn anything about the lead.
    expect((await email(other, ava, { basedOnEventId: elsewhere.id })).status).toBe(403);
  });

  it('lets only one of two consoles racing on the same base send; the other is held', async () => {
    const lead = await createLead(t.db, { id: leads[0]!.propertyId, companyId: dana.companyId });
    const base = await createConversationEvent(t.db, lead);
    const answers = await Promise.all([
      email(dana, lead, { basedOnEventId: base.id, text: 'From Dana' }),
      email(priya, lead, { basedOnEventId: base.id, text: 'From Priya' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it("clears the author's draft on that lead when the message is sent, and no one else's", async () => {
    const lead = leads[1]!;
    const draft = { mode: 'SMS', text: 'Half written' };
    for (const as of [dana, priya]) {
      expect(
        (await t.request('PUT', `/api/leads/${lead.id}/draft`, { as: as.token, payload: draft }))
          .status,
      ).toBe(200);
    }
    expect((await sms(dana, lead, { text: 'Half written, now whole' })).status).toBe(200);
    const read = (as: Staff) =>
      t.request<LeadDraftResponse>('GET', `/api/leads/${lead.id}/draft`, { as: as.token });
    expect((await read(dana)).body.draft).toBeNull();
    expect((await read(priya)).body.draft?.text).toBe('Half written');
  });
});
