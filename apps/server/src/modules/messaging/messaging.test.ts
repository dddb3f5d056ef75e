import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import twilio from 'twilio';
import { count, eq, notInArray } from 'drizzle-orm';
import type {
  ConversationEvent,
  ConversationPage,
  Lead,
  LeadPage,
  OutboxEntry,
  Property,
} from '@leasing/contract';
import { consoleOnlyEventTypes } from '@leasing/contract';
import {
  conversationEvents,
  earlyProviderStatuses,
  leads,
  sandboxOutbox,
} from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { createConversationEvent, createLead, createOffice } from '../../test/factories.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import { everyDatabase, freePort, login, type DatabaseTarget } from '../../test/test-app.js';
import { useTestApp, type TestContext } from '../../test/use-test-app.js';
import { waitUntil } from '../../test/wait-until.js';

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff6633' } })
    .jpeg()
    .toBuffer();
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>',
);

const HOUR = 3_600_000;

/**
 * An office with the leads these tests text and email: reachable ones, one opted out of texts,
 * one out of email, one with no phone whose email thread we answer; and another company.
 */
const buildOffices = async (db: Db) => {
  const office = await createOffice(db, {
    company: { name: 'Lakeside Rentals', registeredLeasingEmail: 'leasing@lakeside.test' },
    staff: { name: 'Dana Whitfield' },
  });
  const { property } = office;
  for (const name of ['Ava Thompson', 'Liam Carter', 'Mia Davis'])
    await createLead(db, property, { name });
  await createLead(db, property, { name: 'Emma Johnson', emailOptStatus: 'OPT_OUT' });
  await createLead(db, property, { name: 'Noah Kim', phoneOptStatus: 'OPT_OUT' });
  const sofia = await createLead(db, property, {
    name: 'Sofia Martinez',
    phone: null,
    email: 'sofia.martinez@example.com',
  });
  await createConversationEvent(db, sofia, {
    eventType: 'EMAIL',
    senderType: 'USER',
    senderName: 'Dana Whitfield',
    subject: 'Your application at Maple Grove',
    providerMessageId: '<application-sofia-1@lakeside.test>',
    sendingStatus: 'COMPLETED',
    date: new Date(Date.now() - 40 * HOUR),
  });
  await createConversationEvent(db, sofia, {
    eventType: 'EMAIL',
    subject: 'Re: Your application at Maple Grove',
    providerMessageId: '<CAF3k2-sofia-reply@mail.example.com>',
    date: new Date(Date.now() - 5 * HOUR),
    data: {
      inReplyTo: '<application-sofia-1@lakeside.test>',
      references: ['<application-sofia-1@lakeside.test>'],
    },
  });
  const elsewhere = await createOffice(db);
  await createLead(db, elsewhere.property);
  return { office, elsewhere };
};

/**
 * The real app listening on a port that is its PUBLIC_URL, on an empty database, for this
 * describe block; `env` adds the providers' settings when the app starts.
 */
const useListeningApp = (target: DatabaseTarget, env: () => Record<string, string> = () => ({})) =>
  useTestApp(target, {
    seed: 'none',
    listen: true,
    env: ({ url }) => ({ PUBLIC_URL: url!, ...env() }),
  });

/** Builds the offices in the running app, signs in their staff user and finds the leads by name. */
const officeHelpers = async (t: TestContext) => {
  const base = t.url;
  const { office, elsewhere } = await buildOffices(t.db);
  const token = (await login(t.app, office.staff.credentials)).token;
  const auth = { authorization: `Bearer ${token}` };
  const api = async <T>(path: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: { ...auth, ...(init.headers ?? {}) },
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as T };
  };
  const byName = new Map<string, Lead>();
  for (const property of (await api<Property[]>('/api/properties')).body) {
    const page = (await api<LeadPage>(`/api/properties/${property._id}/leads?limit=200`)).body;
    for (const summary of page.items) {
      byName.set(
        summary.name,
        (await api<Lead>(`/api/properties/${property._id}/leads/${summary.pmsLeadId}`)).body,
      );
    }
  }
  const lead = (name: string) => byName.get(name)!;
  const sms = (
    leadId: string,
    text: string,
    files: { name: string; bytes: Buffer }[] = [],
    key?: string,
  ) => {
    const form = new FormData();
    form.set('leadID', leadId);
    form.set('text', text);
    for (const file of files) form.append('attachments', new Blob([file.bytes]), file.name);
    return api<ConversationEvent & { error?: { message: string } }>(`/api/leads/${leadId}/sms`, {
      method: 'POST',
      body: form,
      headers: key ? { 'idempotency-key': key } : {},
    });
  };
  /** Waits until the message reaches COMPLETED or FAILED (a later callback may still move it on). */
  const waitForFinal = async (leadId: string, eventId: string) => {
    const event = async () =>
      (await api<ConversationPage>(`/api/leads/${leadId}/conversations?limit=20`)).body.items.find(
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
  const counts = async () => ({
    // Messages and what they cause; the pipeline's own rows (a first reply moves a lead to
    // Contacted) are counted by the lead-status tests.
    events: (
      await t.db
        .select({ n: count() })
        .from(conversationEvents)
        .where(notInArray(conversationEvents.eventType, [...consoleOnlyEventTypes]))
    )[0]!.n,
    outbox: (await t.db.select({ n: count() }).from(sandboxOutbox))[0]!.n,
  });
  return {
    t,
    base,
    api,
    lead,
    sms,
    waitForFinal,
    counts,
    otherCredentials: elsewhere.staff.credentials,
  };
};

describe.each(everyDatabase())('sending on the sandbox providers on $name', (target) => {
  const app = useListeningApp(target);
  let s: Awaited<ReturnType<typeof officeHelpers>>;
  beforeAll(async () => {
    s = await officeHelpers(app);
  });

  it('sends an SMS with a photo: PENDING first, then COMPLETED, listed in the outbox, media served safely', async () => {
    const ava = s.lead('Ava Thompson');
    const sent = await s.sms(ava._id, 'Hi Ava, here is the floor plan.', [
      { name: 'plan.png', bytes: await png() },
    ]);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      eventType: 'SMS',
      senderType: 'USER',
      senderName: 'Dana Whitfield',
    });
    expect(['PENDING', 'IN_PROGRESS', 'COMPLETED']).toContain(sent.body.sendingStatus);
    const final = await s.waitForFinal(ava._id, sent.body._id);
    expect(final.sendingStatus).toBe('COMPLETED');

    const outbox = await s.api<{ items: OutboxEntry[] }>('/api/outbox');
    const entry = outbox.body.items.find((item) => item.eventID === sent.body._id)!;
    expect(entry).toMatchObject({
      channel: 'SMS',
      to: ava.phone,
      leadID: ava._id,
      body: 'Hi Ava, here is the floor plan.',
    });
    expect(entry.mediaUrls[0]).toMatch(new RegExp(`^${s.base}/media/[A-Za-z0-9_-]{32}\\.png$`));

    const [attachment] = final.attachmentsUrls;
    const original = await fetch(`${s.base}${attachment!.url}`);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    const thumbnail = await fetch(`${s.base}${attachment!.thumbnailUrl}`);
    expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).format).toBe(
      'webp',
    );
  });

  it('ends FAILED with the reason for the documented failing test number', async () => {
    const liam = s.lead('Liam Carter');
    await s.t.db.update(leads).set({ phone: '+15005550001' }).where(eq(leads.id, liam._id));
    const sent = await s.sms(liam._id, 'This one cannot arrive.');
    const final = await s.waitForFinal(liam._id, sent.body._id);
    expect(final.sendingStatus).toBe('FAILED');
    expect(final.data.failureReason).toMatch(/not a valid phone number/);
  });

  /** A message that does go out moves the counts a refused one must leave alone. */
  const expectCountsToSeeASend = async () => {
    const start = await s.counts();
    const ava = s.lead('Ava Thompson');
    const sent = await s.sms(ava._id, 'A message that goes out.');
    expect((await s.waitForFinal(ava._id, sent.body._id)).sendingStatus).toBe('COMPLETED');
    expect(await s.counts()).toEqual({ events: start.events + 1, outbox: start.outbox + 1 });
  };

  it('creates one message for the same Idempotency-Key sent twice', async () => {
    const before = await s.counts();
    const emma = s.lead('Emma Johnson');
    const first = await s.sms(emma._id, 'Parking pass is ready.', [], 'key-parking-0001');
    const again = await s.sms(emma._id, 'Parking pass is ready.', [], 'key-parking-0001');
    expect(again.body._id).toBe(first.body._id);
    await s.waitForFinal(emma._id, first.body._id);
    const after = await s.counts();
    expect(after.events - before.events).toBe(1);
    expect(after.outbox - before.outbox).toBe(1);
  });

  it('refuses bad attachments and unsendable leads clearly, storing nothing and sending nothing', async () => {
    const ava = s.lead('Ava Thompson');
    await expectCountsToSeeASend();
    const before = await s.counts();
    const cases: [
      Promise<{ status: number; body: { error?: { message: string } } }>,
      number,
      RegExp,
    ][] = [
      [
        s.sms(ava._id, 'svg', [{ name: 'plan.png', bytes: svg }]),
        400,
        /not a PNG, JPEG, GIF or WebP/,
      ],
      [
        s.sms(ava._id, 'jpeg named png', [{ name: 'plan.png', bytes: await jpeg() }]),
        400,
        /its name says otherwise/,
      ],
      [
        s.sms(
          ava._id,
          'eleven',
          await Promise.all(
            Array.from({ length: 11 }, async (_, i) => ({ name: `p${i}.png`, bytes: await png() })),
          ),
        ),
        400,
        /at most 10/,
      ],
      [
        s.sms(ava._id, 'too big', [{ name: 'big.png', bytes: Buffer.alloc(6 * 1024 * 1024, 1) }]),
        400,
        /5 MB/,
      ],
      [s.sms(s.lead('Noah Kim')._id, 'opted out'), 400, /opted out of SMS/],
      [s.sms(s.lead('Sofia Martinez')._id, 'no phone'), 400, /no phone number/],
    ];
    for (const [pending, status, message] of cases) {
      const response = await pending;
      expect(response.status).toBe(status);
      expect(response.body.error?.message).toMatch(message);
    }
    expect(await s.counts()).toEqual(before);
  });

  it("refuses another company's lead and a companyID that is not the user's", async () => {
    await expectCountsToSeeASend();
    const before = await s.counts();
    const other = (await login(s.t.app, s.otherCredentials)).token;
    const theirProperty = (
      await fetch(`${s.base}/api/properties`, {
        headers: { authorization: `Bearer ${other}` },
      }).then((r) => r.json() as Promise<Property[]>)
    )[0]!;
    const theirLeads = (await fetch(`${s.base}/api/properties/${theirProperty._id}/leads`, {
      headers: { authorization: `Bearer ${other}` },
    }).then((r) => r.json())) as LeadPage;
    expect((await s.sms(theirLeads.items[0]!._id, 'not yours')).status).toBe(403);

    const sofia = s.lead('Sofia Martinez');
    const me = (await s.api<{ _id: string; companyID: string }>('/api/me')).body;
    const email = (body: object) =>
      s.api<{ error?: { message: string } }>(`/api/leads/${sofia._id}/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const valid = {
      subject: 'Hi',
      text: 'Hello',
      leadID: sofia._id,
      companyID: me.companyID,
      sentByUserID: me._id,
    };
    expect((await email({ ...valid, companyID: theirProperty._id })).status).toBe(403);
    const noSubject = await email({ ...valid, subject: '  ' });
    expect(noSubject.status).toBe(400);
    expect(noSubject.body.error?.message).toMatch(/subject/);
    expect((await email({ ...valid, leadID: s.lead('Emma Johnson')._id })).status).toBe(400);
    expect(await s.counts()).toEqual(before);
  });
});

describe('sending through Twilio (a loopback fake of its Messages API)', () => {
  let fake: FakeTwilio;
  beforeAll(async () => {
    fake = await startFakeTwilio();
  });
  afterAll(async () => {
    await fake.close();
  });
  const app = useListeningApp(everyDatabase()[0]!, () => ({
    ...fake.env(),
    TWILIO_MPS: '5',
  }));
  let s: Awaited<ReturnType<typeof officeHelpers>>;
  beforeAll(async () => {
    s = await officeHelpers(app);
  });

  it('posts the message with its photo and ends COMPLETED whatever order the callbacks arrive in', async () => {
    const ava = s.lead('Ava Thompson');
    const sent = await s.sms(ava._id, 'Tour confirmed for Thursday.', [
      { name: 'map.png', bytes: await png() },
    ]);
    await s.waitForFinal(ava._id, sent.body._id);
    await fake.settled();
    const final = await s.waitForFinal(ava._id, sent.body._id);
    expect(final.sendingStatus).toBe('COMPLETED');
    const message = fake.received.find((m) => m.body === 'Tour confirmed for Thursday.')!;
    expect(message).toMatchObject({
      to: ava.phone,
      from: '+15125550000',
      statusCallback: `${s.base}/webhooks/twilio/status`,
    });
    expect(message.mediaUrls).toHaveLength(1);
    const [event] = await s.t.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.id, sent.body._id));
    expect(event).toMatchObject({ providerMessageId: message.sid, sendingStatus: 'COMPLETED' });
    expect(['delivered']).toContain(event!.providerStatus);
  });

  it('keeps the callbacks that arrive before Twilio answers the send, and ends COMPLETED', async () => {
    fake.setOutcome(() => ({ accept: true, finalStatus: 'delivered', callbacksFirst: true }));
    const ava = s.lead('Ava Thompson');
    const sent = await s.sms(ava._id, 'Fast carrier today.');
    const final = await s.waitForFinal(ava._id, sent.body._id);
    expect(final.sendingStatus).toBe('COMPLETED');
    const message = fake.received.find((m) => m.body === 'Fast carrier today.')!;
    const [event] = await s.t.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.id, sent.body._id));
    expect(event).toMatchObject({ providerMessageId: message.sid, providerStatus: 'delivered' });
    // Nothing is left waiting for a message that has been recorded.
    expect(
      await s.t.db
        .select()
        .from(earlyProviderStatuses)
        .where(eq(earlyProviderStatuses.providerMessageId, message.sid)),
    ).toEqual([]);
    fake.setOutcome(() => ({ accept: true, finalStatus: 'delivered' }));
  });

  it('marks an undelivered message FAILED with the reason, and an opted-out recipient OPT_OUT', async () => {
    fake.setOutcome((message) =>
      message.body.includes('unreachable')
        ? { accept: true, finalStatus: 'undelivered', errorCode: '30003' }
        : {
            accept: false,
            httpStatus: 400,
            code: 21610,
            message: 'Attempt to send to unsubscribed recipient',
          },
    );
    const emma = s.lead('Emma Johnson');
    const unreachable = await s.sms(emma._id, 'unreachable handset');
    await s.waitForFinal(emma._id, unreachable.body._id);
    await fake.settled();
    const failed = await s.waitForFinal(emma._id, unreachable.body._id);
    expect(failed.sendingStatus).toBe('FAILED');
    expect(failed.data.failureReason).toMatch(/unreachable/);

    const mia = s.lead('Mia Davis');
    const stopped = await s.sms(mia._id, 'after STOP');
    const refused = await s.waitForFinal(mia._id, stopped.body._id);
    expect(refused.sendingStatus).toBe('FAILED');
    expect(refused.data.failureReason).toMatch(/opted out/);
    const [row] = await s.t.db.select().from(leads).where(eq(leads.id, mia._id));
    expect(row!.phoneOptStatus).toBe('OPT_OUT');
    fake.setOutcome(() => ({ accept: true, finalStatus: 'delivered' }));
  });

  it('retries a transient provider error (503) with backoff and then sends once', async () => {
    let refusals = 0;
    fake.setOutcome((message) => {
      if (message.body === 'retry after outage' && refusals === 0) {
        refusals += 1;
        return { accept: false, httpStatus: 503, code: 20500, message: 'Service unavailable' };
      }
      return { accept: true, finalStatus: 'delivered' };
    });
    const liam = s.lead('Liam Carter');
    const sent = await s.sms(liam._id, 'retry after outage');
    await s.waitForFinal(liam._id, sent.body._id);
    await fake.settled();
    const final = await s.waitForFinal(liam._id, sent.body._id);
    expect(final.sendingStatus).toBe('COMPLETED');
    expect(fake.attempts.filter((body) => body === 'retry after outage')).toHaveLength(2);
    expect(fake.received.filter((message) => message.body === 'retry after outage')).toHaveLength(
      1,
    );
    fake.setOutcome(() => ({ accept: true, finalStatus: 'delivered' }));
  }, 60_000);

  it('holds each sending number to its rate (TWILIO_MPS = 5: one message per 200 ms)', async () => {
    const liam = s.lead('Liam Carter');
    const start = fake.received.length;
    const asked = Date.now();
    const sent = await Promise.all(
      Array.from({ length: 6 }, (_, i) => s.sms(liam._id, `paced ${i}`)),
    );
    for (const message of sent) await s.waitForFinal(liam._id, message.body._id);
    const times = fake.received
      .slice(start)
      .map((message) => message.receivedAt)
      .sort((a, b) => a - b);
    expect(times).toHaveLength(6);
    // Slots are handed out 200 ms apart from the first (which starts no earlier than it was asked
    // for) and no message leaves before its slot, so the i-th arrival comes 200·i ms after the ask
    // at the earliest, however late a busy machine delivers any one of them. A burst fails this:
    // six messages at once would all arrive within a few ms of the ask.
    for (let i = 0; i < times.length; i += 1)
      expect(times[i]! - asked).toBeGreaterThanOrEqual(200 * i - 5);
  });

  it('refuses a status callback without a valid signature and changes nothing', async () => {
    const liam = s.lead('Liam Carter');
    const sent = await s.sms(liam._id, 'signed callbacks only');
    const final = await s.waitForFinal(liam._id, sent.body._id);
    await fake.settled();
    const sid = fake.received.find((m) => m.body === 'signed callbacks only')!.sid;
    const params = { MessageSid: sid, MessageStatus: 'failed', ErrorCode: '30007' };
    const url = `${s.base}/webhooks/twilio/status`;
    const post = (signature?: string, form: Record<string, string> = params) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(signature ? { 'x-twilio-signature': signature } : {}),
        },
        body: new URLSearchParams(form),
      });
    expect((await post()).status).toBe(403);
    expect((await post(twilio.getExpectedTwilioSignature('wrong-token', url, params))).status).toBe(
      403,
    );
    const after = await s.waitForFinal(liam._id, sent.body._id);
    expect(after.sendingStatus).toBe(final.sendingStatus);
    // A late "sent" after "delivered", correctly signed, does not move the message back either.
    const late = { MessageSid: sid, MessageStatus: 'sent' };
    expect(
      (await post(twilio.getExpectedTwilioSignature(fake.authToken, url, late), late)).status,
    ).toBe(204);
    const [row] = await s.t.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.id, sent.body._id));
    expect(row!.providerStatus).toBe('delivered');
  });
});

describe('texts whose status callbacks were lost', () => {
  let fake: FakeTwilio;
  beforeAll(async () => {
    fake = await startFakeTwilio();
  });
  afterAll(async () => {
    await fake.close();
  });
  const app = useListeningApp(everyDatabase()[0]!, () => ({
    ...fake.env(),
    STATUS_RECONCILE_AFTER_SECONDS: '1',
  }));
  let s: Awaited<ReturnType<typeof officeHelpers>>;
  beforeAll(async () => {
    s = await officeHelpers(app);
  });

  it('asks Twilio for the status of a text still sending, and ends it as Twilio says', async () => {
    fake.setOutcome((message) =>
      message.body === 'Nobody called back'
        ? { accept: true, finalStatus: 'undelivered', errorCode: '30003', noCallbacks: true }
        : { accept: true, finalStatus: 'delivered', noCallbacks: true },
    );
    const ava = s.lead('Ava Thompson');
    const delivered = await s.sms(ava._id, 'Callbacks lost');
    const undelivered = await s.sms(ava._id, 'Nobody called back');
    expect((await s.waitForFinal(ava._id, delivered.body._id)).sendingStatus).toBe('COMPLETED');
    const failed = await s.waitForFinal(ava._id, undelivered.body._id);
    expect(failed.sendingStatus).toBe('FAILED');
    expect(failed.data.failureCode).toBe('30003');
    const sids = fake.received
      .filter((m) => ['Callbacks lost', 'Nobody called back'].includes(m.body))
      .map((m) => m.sid);
    expect(fake.lookups).toEqual(expect.arrayContaining(sids));
    // No callback came: the lookups alone moved them.
    await fake.settled();
  });
});

describe('sending email over SMTP (a real SMTP server on loopback)', () => {
  const mails: string[] = [];
  let smtp: SMTPServer;
  let smtpPort: number;
  beforeAll(async () => {
    smtpPort = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, _session, callback) => {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          mails.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(resolve));
  });
  const app = useListeningApp(everyDatabase()[0]!, () => ({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  }));
  let s: Awaited<ReturnType<typeof officeHelpers>>;
  beforeAll(async () => {
    s = await officeHelpers(app);
  });

  it("answers the lead's last email as a threaded reply from the company's leasing address", async () => {
    const sofia = s.lead('Sofia Martinez');
    const me = (await s.api<{ _id: string; companyID: string }>('/api/me')).body;
    const answered = sofia.conversations.find(
      (event) => event.eventType === 'EMAIL' && event.senderType === 'LEAD',
    )!;
    const sent = await s.api<ConversationEvent>(`/api/leads/${sofia._id}/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'email-reply-0001' },
      body: JSON.stringify({
        subject: 'Re: Your application at Maple Grove',
        text: 'Hi Sofía,\nYou are approved! <b>Welcome</b>.',
        leadID: sofia._id,
        companyID: me.companyID,
        sentByUserID: me._id,
        messageId: answered._id,
      }),
    });
    expect(sent.status).toBe(200);
    const final = await s.waitForFinal(sofia._id, sent.body._id);
    expect(final.sendingStatus).toBe('COMPLETED');

    expect(mails).toHaveLength(1);
    const mail = await simpleParser(mails[0]!);
    expect(mail.from?.value[0]).toMatchObject({
      address: 'leasing@lakeside.test',
      name: 'Lakeside Rentals',
    });
    expect(mail.replyTo?.value[0]?.address).toBe('leasing@lakeside.test');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined).toBe(
      'sofia.martinez@example.com',
    );
    expect(mail.subject).toBe('Re: Your application at Maple Grove');
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@lakeside\.test>$/);
    expect(mail.inReplyTo).toBe('<CAF3k2-sofia-reply@mail.example.com>');
    expect(mail.references).toEqual([
      '<application-sofia-1@lakeside.test>',
      '<CAF3k2-sofia-reply@mail.example.com>',
    ]);
    expect(mail.text?.trim()).toBe('Hi Sofía,\nYou are approved! <b>Welcome</b>.');
    expect(mail.html).toContain('&#60;b&#62;Welcome&#60;/b&#62;');
  });
});
