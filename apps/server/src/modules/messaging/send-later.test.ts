import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ConversationEvent, ConversationPage } from '@leasing/contract';
import { apiPaths } from '@leasing/contract';
import {
  auditLog,
  firstResponses,
  leads,
  sandboxOutbox,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.js';
import { createConversationEvent, createLead, createOffice } from '../../test/factories.js';
import { createTestClock } from '../../test/test-clock.js';
import { everyDatabase, login } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import type { SendWindow } from '../scheduling/index.js';

type Answer = ConversationEvent & {
  error?: { code: string; message: string; details?: { path: string }[] };
};

const inSeconds = (clock: () => Date, seconds: number) =>
  new Date(clock().getTime() + seconds * 1000).toISOString();

/**
 * 'Send later' through the real app and its queue, with the sandbox providers: a scheduled message
 * is released at its time (and only then), cancelled when the lead writes first, edited, cancelled
 * or sent now by a person, held by the send window (the injected seam) and marked when it leaves
 * late.
 */
describe.each(everyDatabase())("'Send later' ($name)", (target) => {
  const clock = createTestClock();
  /** The send window the app asks; a test closes it for a while. */
  let window: Awaited<ReturnType<SendWindow>> = { allowed: true };
  const asked: string[] = [];
  /** Answers a lead's next asks (a release's, then the send worker's), before `window`'s. */
  const nextAnswers = new Map<string, Awaited<ReturnType<SendWindow>>[]>();
  const sendWindow: SendWindow = ({ leadId }) => {
    asked.push(leadId);
    return Promise.resolve(nextAnswers.get(leadId)?.shift() ?? window);
  };
  const t = useTestApp(target, { seed: 'none', now: clock.now, sendWindow });

  let office: Awaited<ReturnType<typeof createOffice>>;
  let token: string;
  beforeAll(async () => {
    office = await createOffice(t.db, {
      company: { registeredLeasingEmail: 'leasing@lakeside.test' },
      staff: { name: 'Dana Whitfield' },
    });
    token = (await login(t.app, office.staff.credentials)).token;
  });
  afterAll(() => {
    window = { allowed: true };
  });

  const smsLater = async (
    leadId: string,
    text: string,
    sendAt: string,
    extra: Record<string, string> = {},
  ) => {
    const fields: Record<string, string> = { leadID: leadId, text, sendAt, ...extra };
    const payload =
      Object.entries(fields)
        .map(
          ([name, value]) =>
            `--x\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join('') + '--x--\r\n';
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.leadSms(leadId),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload,
    });
    return { status: response.statusCode, body: response.json<Answer>() };
  };
  const timeline = async (leadId: string) =>
    (
      await t.request<ConversationPage>('GET', `${apiPaths.leadConversations(leadId)}?limit=50`, {
        as: token,
      })
    ).body.items;
  const statusOf = async (leadId: string, id: string) =>
    (await timeline(leadId)).find((event) => event._id === id);
  const waitFor = (leadId: string, id: string, done: (e: ConversationEvent) => boolean) =>
    waitUntil(
      `message ${id} gets there`,
      async () => {
        const event = await statusOf(leadId, id);
        return event && done(event) ? event : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200, lastSeen: () => statusOf(leadId, id) },
    );
  const outboxCount = async (eventId: string) =>
    (await t.db.select().from(sandboxOutbox).where(eq(sandboxOutbox.eventId, eventId))).length;

  it('stores the message SCHEDULED and sends it once, at its time and not before', async () => {
    const lead = await createLead(t.db, office.property, { name: 'Ava Thompson' });
    const sendAt = inSeconds(clock.now, 2);
    const scheduled = await smsLater(lead.id, 'See you at 9', sendAt);
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.sendingStatus).toBe('SCHEDULED');
    expect(scheduled.body.scheduledAt).toBe(new Date(sendAt).toISOString());
    expect(scheduled.body.data.keepIfLeadReplies).toBe(false);
    expect(await outboxCount(scheduled.body._id)).toBe(0);

    const sent = await waitFor(lead.id, scheduled.body._id, (e) => e.sendingStatus === 'COMPLETED');
    expect(new Date(sent.date).getTime()).toBeGreaterThanOrEqual(new Date(sendAt).getTime() - 1000);
    expect(sent.data.sentLateFrom).toBeUndefined();
    expect(await outboxCount(scheduled.body._id)).toBe(1);
  });

  it("is the team's reply only when it leaves: the inbox, the pipeline, first response and webhook wait", async () => {
    const lead = await createLead(t.db, office.property, { name: 'Mason Lee' });
    // The lead wrote a minute ago and waits for an answer.
    await createConversationEvent(t.db, lead, {
      body: 'Is the 2-bedroom still available?',
      date: new Date(clock.now().getTime() - 60_000),
    });
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({
        companyId: office.company.id,
        url: 'http://127.0.0.1:9/hooks',
        events: ['message.sent'],
        secret: 'whsec_test',
      })
      .returning();
    const leadRow = async () => (await t.db.select().from(leads).where(eq(leads.id, lead.id)))[0]!;
    const sentDeliveries = async () =>
      (
        await t.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpoint!.id))
      ).filter((row) => row.leadId === lead.id && row.event === 'message.sent');
    const firsts = () =>
      t.db.select().from(firstResponses).where(eq(firstResponses.leadId, lead.id));

    const scheduled = await smsLater(lead.id, 'Yes! Tour tomorrow?', inSeconds(clock.now, 2));
    expect(scheduled.status).toBe(200);
    const waiting = await leadRow();
    expect(waiting.needsReply).toBe(true);
    expect(waiting.lastMessagePreview).toBe('Is the 2-bedroom still available?');
    expect(waiting.status).toBe('NEW');
    expect(await firsts()).toEqual([]);
    expect(await sentDeliveries()).toEqual([]);

    await waitFor(lead.id, scheduled.body._id, (e) => e.sendingStatus === 'COMPLETED');
    const answered = await leadRow();
    expect(answered.needsReply).toBe(false);
    expect(answered.awaitingSince).toBeNull();
    expect(answered.lastMessagePreview).toBe('Yes! Tour tomorrow?');
    expect(answered.status).toBe('CONTACTED');
    const [first] = await firsts();
    expect(first?.conversationEventId).toBe(scheduled.body._id);
    expect(first?.responderUserId).toBe(office.staff.user.id);
    expect(await sentDeliveries()).toHaveLength(1);
  });

  it('refuses a time in the past or more than 60 days ahead, naming sendAt, and stores nothing', async () => {
    const lead = await createLead(t.db, office.property, { name: 'Liam Carter' });
    const past = await smsLater(lead.id, 'too late', inSeconds(clock.now, -60));
    expect(past.status).toBe(400);
    expect(past.body.error?.details?.[0]?.path).toBe('body.sendAt');
    const far = await smsLater(lead.id, 'too far', inSeconds(clock.now, 61 * 24 * 3600));
    expect(far.status).toBe(400);
    expect(far.body.error?.details?.[0]?.path).toBe('body.sendAt');
    const email = await t.request<Answer>('POST', apiPaths.leadEmail(lead.id), {
      as: token,
      payload: {
        subject: 'Hi',
        text: 'Hello',
        leadID: lead.id,
        companyID: office.company.id,
        sentByUserID: office.staff.user.id,
        sendAt: 'tomorrow',
      },
    });
    expect(email.status).toBe(400);
    expect(email.body.error?.details?.[0]?.path).toBe('body.sendAt');
    expect(await timeline(lead.id)).toEqual([]);
  });

  it('cancels a scheduled message when the lead writes first, unless it is marked to go anyway', async () => {
    const lead = await createLead(t.db, office.property, { name: 'Noah Kim' });
    const cancelled = await smsLater(lead.id, 'Still interested?', inSeconds(clock.now, 3600));
    const kept = await smsLater(lead.id, 'Reminder: tour at 3', inSeconds(clock.now, 3600), {
      keepIfLeadReplies: 'true',
    });
    expect(kept.body.data.keepIfLeadReplies).toBe(true);
    const reply = await t.request('POST', '/api/sandbox/inbound-sms', {
      as: token,
      payload: { leadID: lead.id, text: 'Yes, still looking!' },
    });
    expect(reply.status).toBe(200);

    const first = await statusOf(lead.id, cancelled.body._id);
    expect(first?.sendingStatus).toBe('CANCELED');
    expect(first?.data.canceledReason).toBe('LEAD_REPLIED');
    expect((await statusOf(lead.id, kept.body._id))?.sendingStatus).toBe('SCHEDULED');
    // A cancelled message cannot be sent any more.
    const sendNow = await t.request<Answer>(
      'POST',
      apiPaths.leadMessageSendNow(lead.id, cancelled.body._id),
      { as: token },
    );
    expect(sendNow.status).toBe(409);
  });

  it('edits, cancels and sends now from the bubble, each audited; a settled message answers 409', async () => {
    const lead = await createLead(t.db, office.property, { name: 'Emma Johnson' });
    const first = await smsLater(lead.id, 'Draft one', inSeconds(clock.now, 3600));
    const newTime = inSeconds(clock.now, 7200);
    const edited = await t.request<Answer>(
      'PATCH',
      apiPaths.leadMessageSchedule(lead.id, first.body._id),
      { as: token, payload: { text: 'Draft two', sendAt: newTime } },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.body).toBe('Draft two');
    expect(edited.body.scheduledAt).toBe(new Date(newTime).toISOString());
    const badEdit = await t.request<Answer>(
      'PATCH',
      apiPaths.leadMessageSchedule(lead.id, first.body._id),
      { as: token, payload: { sendAt: inSeconds(clock.now, -5) } },
    );
    expect(badEdit.status).toBe(400);
    expect(badEdit.body.error?.details?.[0]?.path).toBe('body.sendAt');

    const cancel = await t.request<Answer>(
      'DELETE',
      apiPaths.leadMessageSchedule(lead.id, first.body._id),
      { as: token },
    );
    expect(cancel.status).toBe(200);
    expect(cancel.body.sendingStatus).toBe('CANCELED');
    expect(cancel.body.data.canceledReason).toBe('BY_USER');
    const again = await t.request<Answer>(
      'DELETE',
      apiPaths.leadMessageSchedule(lead.id, first.body._id),
      { as: token },
    );
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(
      'This message is no longer scheduled: it was sent or cancelled.',
    );

    const second = await smsLater(lead.id, 'Go now', inSeconds(clock.now, 3600));
    const now = await t.request<Answer>(
      'POST',
      apiPaths.leadMessageSendNow(lead.id, second.body._id),
      { as: token },
    );
    expect(now.status).toBe(200);
    expect(now.body.sendingStatus).toBe('PENDING');
    await waitFor(lead.id, second.body._id, (e) => e.sendingStatus === 'COMPLETED');
    expect(await outboxCount(second.body._id)).toBe(1);
    expect(await outboxCount(first.body._id)).toBe(0);

    const rows = await t.db.select().from(auditLog).where(eq(auditLog.leadId, lead.id));
    const changes = rows
      .filter((row) => row.action === 'message.schedule_changed')
      .map((row) => (row.after as { change: string }).change)
      .sort();
    expect(changes).toEqual(['canceled', 'edited', 'sent_now']);
  });

  it('holds a message the send window refuses until the next allowed time, then sends it', async () => {
    const lead = await createLead(t.db, office.property, { name: 'Sofia Martinez' });
    const nextAllowedAt = new Date(clock.now().getTime() + 3000);
    window = { allowed: false, nextAllowedAt };
    const scheduled = await smsLater(lead.id, 'Good morning!', inSeconds(clock.now, 1));
    const held = await waitFor(lead.id, scheduled.body._id, (e) => e.data.heldUntil !== undefined);
    expect(held.sendingStatus).toBe('SCHEDULED');
    expect(held.scheduledAt).toBe(nextAllowedAt.toISOString());
    expect(held.data.heldUntil).toBe(nextAllowedAt.toISOString());
    expect(asked).toContain(lead.id);
    window = { allowed: true };
    const sent = await waitFor(lead.id, scheduled.body._id, (e) => e.sendingStatus === 'COMPLETED');
    expect(sent.data.heldUntil).toBeUndefined();
    expect(await outboxCount(scheduled.body._id)).toBe(1);
  });

  it('asks the window again once the text has its slot: quiet hours begun since hold it', async () => {
    const lead = await createLead(t.db, office.property, { name: 'Noah Brooks' });
    const nextAllowedAt = new Date(clock.now().getTime() + 3000);
    const closed = { allowed: false as const, nextAllowedAt };
    // Open at the release; closed when the worker has the number's slot, and at the release that
    // follows; open from then on.
    nextAnswers.set(lead.id, [{ allowed: true }, closed, closed]);
    const scheduled = await smsLater(lead.id, 'See you at 6!', inSeconds(clock.now, 1));
    const held = await waitFor(lead.id, scheduled.body._id, (e) => e.data.heldUntil !== undefined);
    expect(held.sendingStatus).toBe('SCHEDULED');
    expect(held.scheduledAt).toBe(nextAllowedAt.toISOString());
    expect(await outboxCount(scheduled.body._id)).toBe(0);
    expect(nextAnswers.get(lead.id)).toEqual([]);

    const sent = await waitFor(lead.id, scheduled.body._id, (e) => e.sendingStatus === 'COMPLETED');
    expect(sent.data.heldUntil).toBeUndefined();
    expect(await outboxCount(scheduled.body._id)).toBe(1);
    // Each release and each worker's turn asked: two of each.
    expect(asked.filter((id) => id === lead.id)).toHaveLength(5);
  });

  it('sends a message whose time passed while nobody could release it, and says it left late', async () => {
    const lead = await createLead(t.db, office.property, { name: 'Ethan Wilson' });
    const sendAt = inSeconds(clock.now, 2);
    const scheduled = await smsLater(lead.id, 'Your tour is today', sendAt);
    // The release runs at its real time; by the app's clock that is five minutes late.
    clock.advance(5 * 60 * 1000);
    const sent = await waitFor(lead.id, scheduled.body._id, (e) => e.sendingStatus === 'COMPLETED');
    expect(sent.data.sentLateFrom).toBe(new Date(sendAt).toISOString());
    expect(await outboxCount(scheduled.body._id)).toBe(1);
  });
});
