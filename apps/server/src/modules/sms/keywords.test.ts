import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversationEvents } from '../../db/schema/index.js';
import { oneDatabase } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { SEND_QUEUE } from '../messaging/index.js';
import { helpReply } from './keywords.js';
import {
  automaticReplies,
  leadById,
  HARBOR_NUMBER,
  LAKESIDE,
  SHARED_NUMBER,
  staffSms,
  startInboundApp,
  SUMMIT_NUMBER,
  text,
  textedEarlier,
  type InboundTestApp,
} from './test-support.js';
import { OPT_OUT_WORDS } from '../../test/sms-keywords.js';

describe('SMS keywords', () => {
  it('answers HELP with the company, its formatted phone and email, or what it has', () => {
    expect(
      helpReply({
        name: 'Lakeside Rentals',
        contactPhone: '+15125550100',
        registeredLeasingEmail: 'leasing@lakeside.test',
      }),
    ).toBe(
      'Lakeside Rentals leasing team: For help, call (512) 555-0100 or email leasing@lakeside.test. Msg & data rates may apply. Reply STOP to opt out.',
    );
    const phoneOnly = helpReply({
      name: 'Harbor Point Residential',
      contactPhone: '+16195550300',
      registeredLeasingEmail: null,
    });
    expect(phoneOnly).toContain('call (619) 555-0300.');
    expect(phoneOnly).not.toContain('email');
    expect(helpReply({ name: 'Quiet Co', contactPhone: null, registeredLeasingEmail: null })).toBe(
      'Quiet Co leasing team: For help, reply here and our leasing team will answer. Msg & data rates may apply. Reply STOP to opt out.',
    );
  });
});

describe.each(oneDatabase())('SMS keywords from leads on $name', (target) => {
  let t: InboundTestApp;
  beforeAll(async () => {
    t = await startInboundApp(target);
  });
  afterAll(() => t.stop());

  /** A lead of the Summit created by a first text from a fresh number, then opted in. */
  let nextPhone = 600;
  const freshLead = async () => {
    const phone = `+15125550${String((nextPhone += 1)).padStart(3, '0')}`;
    const { event } = await text(t, phone, SUMMIT_NUMBER, 'Hi there');
    return { phone, leadId: event!.leadId };
  };
  const sentTo = (phone: string) => t.fake.received.filter((message) => message.to === phone);

  it('opts the lead out for every STOP word, records it on the timeline and confirms once', async () => {
    for (const word of OPT_OUT_WORDS) {
      const { phone, leadId } = await freshLead();
      const { event } = await text(t, phone, SUMMIT_NUMBER, word);
      expect(event, word).toMatchObject({
        leadId,
        body: word,
        senderType: 'LEAD',
        data: { optStatusChange: { channel: 'phone', status: 'OPT_OUT' } },
      });
      expect((await leadById(t, leadId)).phoneOptStatus, word).toBe('OPT_OUT');
      const replies = await automaticReplies(t, leadId);
      expect(replies, word).toHaveLength(1);
      expect(replies[0]!.body).toBe(
        "Lakeside Rentals: You're unsubscribed and will get no more texts from us. Reply START to subscribe again.",
      );
      expect(replies[0]!.date.getTime()).toBeGreaterThan(event!.date.getTime());
    }
  });

  it('changes nothing for a message that merely contains a keyword', async () => {
    // The keyword alone does change the lead and get a reply, seen by the same reads.
    const control = await freshLead();
    await text(t, control.phone, SUMMIT_NUMBER, 'STOP');
    expect((await leadById(t, control.leadId)).phoneOptStatus).toBe('OPT_OUT');
    expect(await automaticReplies(t, control.leadId)).toHaveLength(1);

    const { phone, leadId } = await freshLead();
    for (const body of ['stop by tomorrow?', 'Can you help me with the form?', 'Cancel my tour'])
      expect((await text(t, phone, SUMMIT_NUMBER, body)).event!.data).toEqual({});
    expect((await leadById(t, leadId)).phoneOptStatus).toBe('NO_INDICATION');
    expect(await automaticReplies(t, leadId)).toHaveLength(0);
  });

  it('confirms one STOP of two, sends that confirmation despite the opt-out, and refuses staff texts after it', async () => {
    const ava = t.world.ava;
    await text(t, ava.phone!, SHARED_NUMBER, 'STOP');
    const second = await text(t, ava.phone!, SHARED_NUMBER, 'stop');
    expect(second.event!.data.optStatusChange).toBeUndefined();
    expect(await automaticReplies(t, ava.id)).toHaveLength(1);
    await expect.poll(() => sentTo(ava.phone!).length, { timeout: 10_000 }).toBe(1);
    expect(sentTo(ava.phone!)[0]).toMatchObject({ from: SHARED_NUMBER });
    expect(sentTo(ava.phone!)[0]!.body).toMatch(/^Lakeside Rentals: You're unsubscribed/);

    const refused = await staffSms(t, ava.id, 'Are you still interested?');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'SEND_REFUSED' } });
    // Her HELP after it is answered, and the send queue has nothing left: had the refused text
    // been queued, it would have gone out by now.
    await text(t, ava.phone!, SHARED_NUMBER, 'HELP');
    const helpAnswer = helpReply(LAKESIDE);
    await waitUntil(
      'the HELP answer has reached Ava and no send job is left',
      async () =>
        sentTo(ava.phone!).some((message) => message.body === helpAnswer) &&
        (await t.app.queue.getQueueSize(SEND_QUEUE, { before: 'completed' })) === 0,
      { lastSeen: () => sentTo(ava.phone!).map((message) => message.body) },
    );
    expect(sentTo(ava.phone!).map((message) => message.body)).toEqual([
      "Lakeside Rentals: You're unsubscribed and will get no more texts from us. Reply START to subscribe again.",
      helpAnswer,
    ]);
  });

  it('opts back in on START, YES or UNSTOP only when opted out, with a confirmation', async () => {
    for (const word of ['START', ' yes ', 'Unstop']) {
      const { phone, leadId } = await freshLead();
      await text(t, phone, SUMMIT_NUMBER, 'STOP');
      const back = await text(t, phone, SUMMIT_NUMBER, word);
      expect(back.event!.data, word).toEqual({
        optStatusChange: { channel: 'phone', status: 'OPT_IN' },
      });
      expect((await leadById(t, leadId)).phoneOptStatus).toBe('OPT_IN');
      const replies = await automaticReplies(t, leadId);
      expect(replies.map((reply) => reply.body)).toEqual([
        "Lakeside Rentals: You're unsubscribed and will get no more texts from us. Reply START to subscribe again.",
        "Lakeside Rentals: You're subscribed again and will get texts from us. Reply HELP for help, STOP to opt out.",
      ]);
      await expect.poll(() => sentTo(phone).length, { timeout: 10_000 }).toBe(2);
      expect(sentTo(phone).every((message) => message.from === SUMMIT_NUMBER)).toBe(true);

      // The same word from a lead who never opted out: the reads above see no change and no reply.
      const subscribed = await freshLead();
      const again = await text(t, subscribed.phone, SUMMIT_NUMBER, word);
      expect(again.event!.data, word).toEqual({});
      expect((await leadById(t, subscribed.leadId)).phoneOptStatus).toBe('NO_INDICATION');
      expect(await automaticReplies(t, subscribed.leadId)).toHaveLength(0);
    }
  });

  it("answers HELP and INFO with the company's contacts, even to an opted-out lead", async () => {
    const { phone, leadId } = await freshLead();
    await text(t, phone, SUMMIT_NUMBER, 'HELP');
    // Sent before the STOP: once opted out, only the confirmation and HELP answers go out.
    await expect.poll(() => sentTo(phone).length, { timeout: 10_000 }).toBe(1);
    await text(t, phone, SUMMIT_NUMBER, 'STOP');
    const info = await text(t, phone, SUMMIT_NUMBER, 'Info');
    expect(info.event!.data).toEqual({});
    expect((await leadById(t, leadId)).phoneOptStatus).toBe('OPT_OUT');
    const help =
      'Lakeside Rentals leasing team: For help, call (512) 555-0100 or email leasing@lakeside.test. Msg & data rates may apply. Reply STOP to opt out.';
    expect((await automaticReplies(t, leadId)).map((reply) => reply.body)).toEqual([
      help,
      "Lakeside Rentals: You're unsubscribed and will get no more texts from us. Reply START to subscribe again.",
      help,
    ]);
    // The last HELP reaches the opted-out lead: carriers require an answer to HELP.
    await expect.poll(() => sentTo(phone).length, { timeout: 10_000 }).toBe(3);

    const wyatt = t.world.wyatt;
    await textedEarlier(t, wyatt, 1);
    await text(t, wyatt.phone!, HARBOR_NUMBER, 'help');
    const [harborHelp] = await automaticReplies(t, wyatt.id);
    expect(harborHelp!.body).toBe(
      'Harbor Point Residential leasing team: For help, call (619) 555-0300. Msg & data rates may apply. Reply STOP to opt out.',
    );
    const [stored] = await t.app.database.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.id, harborHelp!.id));
    expect(stored).toMatchObject({ companyId: wyatt.companyId, senderType: 'SYSTEM' });
  });
});
