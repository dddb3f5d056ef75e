import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import sharp from 'sharp';
import { io as connect } from 'socket.io-client';
import { and, count, eq, notInArray } from 'drizzle-orm';
import {
  INBOUND_EMAIL_SECRET_HEADER,
  socketEvents,
  type ConversationEvent,
  type NewConversationAnnouncement,
  consoleOnlyEventTypes,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import {
  conversationEvents,
  leads,
  sandboxOutbox,
  unmatchedMessages,
  type ConversationEventRow,
} from '../../db/schema/index.js';
import { SEND_QUEUE } from '../messaging/index.js';
import { bearer, everyDatabase, freePort, login, type TestApp } from '../../test/test-app.js';
import {
  createEmailThread,
  createLead,
  createOffice,
  createProperty,
} from '../../test/factories.js';
import { useTestApp } from '../../test/use-test-app.js';
import { waitUntil } from '../../test/wait-until.js';

const SECRET = 'inbound-test-secret-0123456789';
const LEASING_ADDRESS = 'leasing@lakeside.test';
const HARBOR_ADDRESS = 'leasing@harbor-point.test';

type SmtpError = Error & { responseCode?: number };

type Counts = {
  events: number;
  leads: number;
  unmatched: number;
  outbox: number;
  sendJobs: number;
};
/** What sending one staff email adds to the counts. */
const oneEmailSentAfter = (counts: Counts): Counts => ({
  ...counts,
  events: counts.events + 1,
  outbox: counts.outbox + 1,
  sendJobs: counts.sendJobs + 1,
});

/** Sofia's application thread: the staff email's Message-ID and the reply she sent to it. */
const SOFIA_THREAD = {
  messageId: '<application-sofia-1@lakeside.test>',
  replyMessageId: '<CAF3k2-sofia-reply@mail.example.com>',
};

/**
 * Lakeside Rentals at LEASING_ADDRESS (Maple Grove, Riverside Lofts as P-1002) with the leads mail
 * comes from, Sofia's earlier email thread among them, and Harbor Point at an address of its own.
 */
const buildMailOffices = async (db: Db) => {
  const office = await createOffice(db, {
    company: { name: 'Lakeside Rentals', registeredLeasingEmail: LEASING_ADDRESS },
    staff: { name: 'Dana Whitfield' },
    property: { name: 'Maple Grove Apartments', pmsPropertyId: 'P-1001' },
  });
  const maple = office.property;
  const riverside = await createProperty(db, office.company.id, {
    name: 'Riverside Lofts',
    pmsPropertyId: 'P-1002',
  });
  const sofia = await createLead(db, maple, {
    name: 'Sofia Martinez',
    phone: null,
    email: 'sofia.martinez@example.com',
  });
  await createEmailThread(db, sofia, {
    subject: 'Your application at Maple Grove',
    staffName: office.staff.user.name,
    ...SOFIA_THREAD,
  });
  await createLead(db, maple, { name: 'Liam Carter' });
  await createLead(db, riverside, { name: 'Emma Johnson' });
  await createLead(db, riverside, { name: 'Zoe Park', email: 'zoe.park@example.com' });
  // A second company with an address of its own, to prove mail never crosses companies.
  const harbor = await createOffice(db, {
    company: { name: 'Harbor Point Residential', registeredLeasingEmail: HARBOR_ADDRESS },
  });
  return { office, maple, riverside, harbor: harbor.company };
};

/** The app's SMTP listener on a free port and the INBOUND_EMAIL_SECRET webhook. */
const mailSettings = async () => ({
  INBOUND_EMAIL_SECRET: SECRET,
  INBOUND_SMTP_PORT: String(await freePort()),
});

/** Builds the offices in the running app `t` and answers helpers to send mail and look at it. */
const mailHelpers = async (t: TestApp) => {
  const db = t.app.database.db;
  const world = await buildMailOffices(db);
  const token = (await login(t.app, world.office.staff.credentials)).token;
  const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).json<{
    _id: string;
    companyID: string;
  }>();

  const send = async (mail: Mail.Options) => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: t.app.inboundSmtp!.port,
      secure: false,
      ignoreTLS: true,
    });
    try {
      return await transport.sendMail(mail);
    } finally {
      transport.close();
    }
  };
  const sendRaw = (raw: string, to = LEASING_ADDRESS, from = 'sender@example.net') =>
    send({ envelope: { from, to: [to] }, raw });

  const leadNamed = async (name: string) =>
    (await db.select().from(leads).where(eq(leads.name, name)))[0]!;
  const eventsWithMessageId = (messageId: string) =>
    db.select().from(conversationEvents).where(eq(conversationEvents.providerMessageId, messageId));
  const eventWithMessageId = async (messageId: string) => {
    const rows = await eventsWithMessageId(messageId);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };
  const counts = async () => {
    const jobs = (await t.app.database.sql.executeSql(
      'select count(*)::int as n from pgboss.job where name = $1',
      [SEND_QUEUE],
    )) as { rows: { n: number }[] };
    return {
      // Messages and what they cause; the pipeline's own rows (a first reply moves a lead to
      // Contacted) are counted by the lead-status tests.
      events: (
        await db
          .select({ n: count() })
          .from(conversationEvents)
          .where(notInArray(conversationEvents.eventType, [...consoleOnlyEventTypes]))
      )[0]!.n,
      leads: (await db.select({ n: count() }).from(leads))[0]!.n,
      unmatched: (await db.select({ n: count() }).from(unmatchedMessages))[0]!.n,
      outbox: (await db.select({ n: count() }).from(sandboxOutbox))[0]!.n,
      sendJobs: jobs.rows[0]!.n,
    };
  };
  /** A staff email sent through the API, once the sandbox has sent it. */
  const staffEmail = async (leadId: string, subject: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/leads/${leadId}/email`,
      headers: bearer(token),
      payload: {
        subject,
        text: 'Hello from the leasing office.',
        leadID: leadId,
        companyID: me.companyID,
        sentByUserID: me._id,
      },
    });
    expect(response.statusCode).toBe(200);
    const id = response.json<ConversationEvent>()._id;
    const row = async () =>
      (await db.select().from(conversationEvents).where(eq(conversationEvents.id, id)))[0];
    return waitUntil(
      `staff email ${id} is sent`,
      async () => {
        const sent = await row();
        return sent?.sendingStatus === 'COMPLETED' ? sent : undefined;
      },
      { intervalMs: 100, lastSeen: async () => (await row())?.sendingStatus },
    );
  };
  /** `secret: null` sends no secret header at all. */
  const webhook = (raw: string, secret: string | null = SECRET, type = 'message/rfc822') =>
    t.app.inject({
      method: 'POST',
      url: '/webhooks/email/inbound',
      headers: {
        'content-type': type,
        ...(secret === null ? {} : { [INBOUND_EMAIL_SECRET_HEADER]: secret }),
      },
      payload: raw,
    });
  return {
    t,
    db,
    world,
    token,
    me,
    send,
    sendRaw,
    leadNamed,
    eventsWithMessageId,
    eventWithMessageId,
    counts,
    staffEmail,
    webhook,
  };
};

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();

/** A delivery-status notification as a receiving server writes it (RFC 3464). */
const bounceFor = (options: {
  messageId: string;
  returnedMessageId: string;
  recipient: string;
  action?: string;
  status?: string;
}) =>
  [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
    `To: ${LEASING_ADDRESS}`,
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: ${options.messageId}`,
    'Date: Mon, 01 Jan 2024 10:00:00 +0000',
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="=_report"',
    '',
    '--=_report',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.example.net. Your message could not be delivered.',
    '',
    '--=_report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    'Arrival-Date: Mon, 01 Jan 2024 09:59:58 +0000',
    '',
    `Final-Recipient: rfc822; ${options.recipient}`,
    `Original-Recipient: rfc822;${options.recipient}`,
    `Action: ${options.action ?? 'failed'}`,
    `Status: ${options.status ?? '5.1.1'}`,
    'Remote-MTA: dns; mail.example.com',
    `Diagnostic-Code: smtp; 550 5.1.1 <${options.recipient}>: Recipient address`,
    '    rejected: User unknown in virtual mailbox table',
    '',
    '--=_report',
    'Content-Type: message/rfc822',
    '',
    'From: Lakeside Rentals <leasing@lakeside.test>',
    `To: ${options.recipient}`,
    'Subject: Your tour',
    `Message-ID: ${options.returnedMessageId}`,
    'Content-Type: text/plain',
    '',
    'Hello from the leasing office.',
    '',
    '--=_report--',
    '',
  ].join('\r\n');

describe.each(everyDatabase())('inbound email on $name', (target) => {
  const app = useTestApp(target, { seed: 'none', env: mailSettings });
  let s: Awaited<ReturnType<typeof mailHelpers>>;
  beforeAll(async () => {
    s = await mailHelpers(app.testApp);
  });

  it('threads a reply by In-Reply-To to the staff email it answers, whatever address it comes from', async () => {
    const sofia = await s.leadNamed('Sofia Martinez');
    const sent = await s.staffEmail(sofia.id, 'Your application');
    const before = await s.counts();
    await s.send({
      from: '"Sofía M." <sofia.work@office.example>',
      to: LEASING_ADDRESS,
      subject: 'Re: Your application',
      text: 'Here are the documents you asked for.',
      messageId: '<reply-to-api-email@office.example>',
      inReplyTo: sent.providerMessageId!,
      references: [sent.providerMessageId!],
    });
    const event = await s.eventWithMessageId('<reply-to-api-email@office.example>');
    expect(event).toMatchObject({
      leadId: sofia.id,
      companyId: sofia.companyId,
      eventType: 'EMAIL',
      senderType: 'LEAD',
      senderName: 'Sofia Martinez',
      subject: 'Re: Your application',
      body: 'Here are the documents you asked for.',
      sendingStatus: null,
    });
    expect(event.data).toMatchObject({
      inReplyTo: sent.providerMessageId,
      references: [sent.providerMessageId],
      from: 'sofia.work@office.example',
    });
    const after = await s.counts();
    expect(after.leads).toBe(before.leads);
    expect(after.events).toBe(before.events + 1);
    const bumped = await s.leadNamed('Sofia Martinez');
    expect(bumped.lastActivityAt.getTime()).toBe(event.date.getTime());
  });

  it("threads a reply to Sofia's earlier email by its stored Message-ID", async () => {
    const sofia = await s.leadNamed('Sofia Martinez');
    await s.send({
      from: 'someone.else@elsewhere.example',
      to: LEASING_ADDRESS,
      subject: 'Re: Your application at Maple Grove',
      text: 'Sofia asked me to write on her behalf.',
      messageId: '<reply-to-earlier@elsewhere.example>',
      inReplyTo: SOFIA_THREAD.messageId,
    });
    const event = await s.eventWithMessageId('<reply-to-earlier@elsewhere.example>');
    expect(event.leadId).toBe(sofia.id);
  });

  it('files a mail by its From address alone (case-insensitively; of several leads the most recently active)', async () => {
    const zoe = await s.leadNamed('Zoe Park');
    await s.send({
      from: '"Zoe" <ZOE.PARK@Example.COM>',
      to: 'Leasing@Lakeside.test',
      subject: 'Parking',
      text: 'Is there covered parking?',
      messageId: '<from-zoe@example.com>',
    });
    expect((await s.eventWithMessageId('<from-zoe@example.com>')).leadId).toBe(zoe.id);

    const liam = await s.leadNamed('Liam Carter');
    const emma = await s.leadNamed('Emma Johnson');
    await s.db
      .update(leads)
      .set({ email: 'shared@example.com', lastActivityAt: new Date(Date.now() - 86_400_000) })
      .where(eq(leads.id, liam.id));
    await s.db
      .update(leads)
      .set({ email: 'Shared@Example.com', lastActivityAt: new Date() })
      .where(eq(leads.id, emma.id));
    await s.send({
      from: 'shared@example.com',
      to: LEASING_ADDRESS,
      subject: 'Household',
      text: 'We share this address.',
      messageId: '<shared-1@example.com>',
    });
    expect((await s.eventWithMessageId('<shared-1@example.com>')).leadId).toBe(emma.id);
  });

  it('makes a new lead of a stranger: named from the display name, on the plus-tag property', async () => {
    const before = await s.counts();
    await s.send({
      from: '"Jordan Lee" <Jordan.Lee@example.net>',
      to: 'leasing+p-1002@lakeside.test',
      subject: 'Two bedrooms?',
      text: 'Do you have a two bedroom available in March?',
      messageId: '<stranger-1@example.net>',
    });
    const event = await s.eventWithMessageId('<stranger-1@example.net>');
    const [lead] = await s.db.select().from(leads).where(eq(leads.id, event.leadId));
    const { riverside } = s.world;
    expect(lead).toMatchObject({
      name: 'Jordan Lee',
      email: 'jordan.lee@example.net',
      companyId: s.me.companyID,
      propertyId: riverside.id,
    });
    expect(event).toMatchObject({ senderType: 'LEAD', senderName: 'Jordan Lee' });
    expect((await s.counts()).leads).toBe(before.leads + 1);

    // Listed first on its property: it is the most recent activity there.
    const page = await s.t.app.inject({
      method: 'GET',
      url: `/api/properties/${riverside.id}/leads?limit=1`,
      headers: bearer(s.token),
    });
    expect(page.json<{ items: { _id: string }[] }>().items[0]?._id).toBe(lead!.id);

    // Without a display name or tag: named by the address, on the company's first property by name.
    await s.send({
      from: 'no.name@example.net',
      to: LEASING_ADDRESS,
      subject: 'Hello',
      text: 'Hi',
      messageId: '<stranger-2@example.net>',
    });
    const second = await s.eventWithMessageId('<stranger-2@example.net>');
    const [plain] = await s.db.select().from(leads).where(eq(leads.id, second.leadId));
    expect(plain).toMatchObject({ name: 'no.name@example.net', propertyId: s.world.maple.id });
  });

  it("never threads into another company's lead by a forged In-Reply-To", async () => {
    const sofia = await s.leadNamed('Sofia Martinez');
    const { harbor } = s.world;
    const [sofiaEventsBefore] = await s.db
      .select({ n: count() })
      .from(conversationEvents)
      .where(eq(conversationEvents.leadId, sofia.id));
    await s.send({
      from: 'sofia.martinez@example.com',
      to: HARBOR_ADDRESS,
      subject: 'Re: Your application at Maple Grove',
      text: 'Forged thread',
      messageId: '<forged-1@example.com>',
      inReplyTo: SOFIA_THREAD.messageId,
      references: [SOFIA_THREAD.messageId, SOFIA_THREAD.replyMessageId],
    });
    const event = await s.eventWithMessageId('<forged-1@example.com>');
    expect(event.companyId).toBe(harbor.id);
    expect(event.leadId).not.toBe(sofia.id);
    const [lead] = await s.db.select().from(leads).where(eq(leads.id, event.leadId));
    expect(lead).toMatchObject({ companyId: harbor.id, email: 'sofia.martinez@example.com' });
    const [sofiaEventsAfter] = await s.db
      .select({ n: count() })
      .from(conversationEvents)
      .where(eq(conversationEvents.leadId, sofia.id));
    expect(sofiaEventsAfter!.n).toBe(sofiaEventsBefore!.n);
  });

  it('files one mail to two companies once in each', async () => {
    const { harbor } = s.world;
    await s.send({
      from: 'both@example.org',
      to: [LEASING_ADDRESS, HARBOR_ADDRESS],
      subject: 'Comparing',
      text: 'Which of you has a pool?',
      messageId: '<to-both@example.org>',
    });
    const rows = await s.eventsWithMessageId('<to-both@example.org>');
    expect(rows.map((row) => row.companyId).sort()).toEqual([s.me.companyID, harbor.id].sort());
  });

  it('stores the HTML part inert: no scripts, handlers or dangerous URLs; formatting kept', async () => {
    await s.send({
      from: 'zoe.park@example.com',
      to: LEASING_ADDRESS,
      subject: 'Formatted',
      text: 'Plain version',
      messageId: '<html-1@example.com>',
      html:
        '<div style="color: #224488; font-weight: bold"><p>Hello <b>Dana</b>, <i>see</i> <u>below</u>.</p>' +
        '<script>alert("x")</script><svg onload="alert(1)"><circle r="1"/></svg>' +
        '<img src="data:image/png;base64,iVBORw0KGgo="><img src="https://cdn.example.com/ok.png">' +
        '<a href="javascript:alert(2)">js link</a> <a href="data:text/html,<script>alert(3)</script>">data link</a> ' +
        '<a href="https://example.com/floorplans">floor plans</a>' +
        '<p style="width: expression(alert(4))">expr</p><p style="background: url(javascript:alert(5))">bg</p>' +
        '<p onclick="alert(6)">click</p></div>',
    });
    const event = await s.eventWithMessageId('<html-1@example.com>');
    const html = event.data.html!;
    for (const banned of [
      /<script/i,
      /<svg/i,
      /onload/i,
      /onclick/i,
      /data:/i,
      /javascript/i,
      /expression/i,
      /url\(/i,
      /alert/i,
    ]) {
      expect(html).not.toMatch(banned);
    }
    expect(html).toContain('<b>Dana</b>');
    expect(html).toContain('<i>see</i>');
    expect(html).toContain('<u>below</u>');
    expect(html).toContain('style="color:#224488;font-weight:bold"');
    expect(html).toContain('<a href="https://example.com/floorplans">floor plans</a>');
    expect(html).toContain('src="https://cdn.example.com/ok.png"');
    expect(event.body).toBe('Plain version');
  });

  it('uses the text rendering of an HTML-only mail as its body', async () => {
    await s.send({
      from: 'zoe.park@example.com',
      to: LEASING_ADDRESS,
      subject: 'HTML only',
      messageId: '<html-only@example.com>',
      html: '<p>First line</p><p>Second <b>line</b></p>',
    });
    const event = await s.eventWithMessageId('<html-only@example.com>');
    expect(event.body).toMatch(/First line\s+Second line/);
  });

  it('records a bounce on the lead, marks the address undeliverable and the email FAILED, and answers nothing', async () => {
    const zoe = await s.leadNamed('Zoe Park');
    const beforeSend = await s.counts();
    const sent = await s.staffEmail(zoe.id, 'Your tour');
    const before = await s.counts();
    // The same counts do see an email that is sent: its event, its send job, its outbox entry.
    expect(before).toEqual(oneEmailSentAfter(beforeSend));
    await s.sendRaw(
      bounceFor({
        messageId: '<bounce-1@mx.example.net>',
        returnedMessageId: sent.providerMessageId!,
        recipient: 'zoe.park@example.com',
      }),
      LEASING_ADDRESS,
      'mailer-daemon@mx.example.net',
    );
    const bounce = await s.eventWithMessageId('<bounce-1@mx.example.net>');
    expect(bounce).toMatchObject({
      leadId: zoe.id,
      eventType: 'EMAIL',
      senderType: 'SYSTEM',
      sendingStatus: null,
    });
    expect(bounce.data.bounce).toEqual({
      status: '5.1.1',
      action: 'failed',
      recipient: 'zoe.park@example.com',
      diagnostic:
        '550 5.1.1 <zoe.park@example.com>: Recipient address rejected: User unknown in virtual mailbox table',
    });
    expect(bounce.body).toMatch(/could not be delivered/);

    const lead = await s.leadNamed('Zoe Park');
    expect(lead.emailBouncedAt).toBeInstanceOf(Date);
    expect(lead.emailBounceReason).toMatch(/User unknown/);
    const [original] = await s.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.id, sent.id));
    expect(original!.sendingStatus).toBe('FAILED');
    expect(original!.data.failureReason).toMatch(/bounced: 550 5\.1\.1/);

    // Nothing answered: one new event (the bounce), no send job, nothing in the outbox. A staff
    // email sent after it goes out, and is all the counts show beside it: an answer to the
    // bounce, queued before it, would show too.
    const sofia = await s.leadNamed('Sofia Martinez');
    await s.staffEmail(sofia.id, 'Your application');
    const afterBounce = oneEmailSentAfter({ ...before, events: before.events + 1 });
    expect(await s.counts()).toEqual(afterBounce);

    // The same bounce again changes nothing.
    await s.sendRaw(
      bounceFor({
        messageId: '<bounce-1@mx.example.net>',
        returnedMessageId: sent.providerMessageId!,
        recipient: 'zoe.park@example.com',
      }),
    );
    expect(await s.counts()).toEqual(afterBounce);
  });

  it('keeps a bounce of a message we never sent as unmatched, with the reason', async () => {
    const response = await s.webhook(
      bounceFor({
        messageId: '<bounce-unknown@mx.example.net>',
        returnedMessageId: '<never-sent@lakeside.test>',
        recipient: 'ghost@example.com',
      }),
    );
    expect(response.statusCode).toBe(202);
    const { unmatchedID, duplicate } = response.json<{ unmatchedID: string; duplicate: boolean }>();
    expect(duplicate).toBe(false);
    const [row] = await s.db
      .select()
      .from(unmatchedMessages)
      .where(eq(unmatchedMessages.id, unmatchedID));
    expect(row).toMatchObject({
      channel: 'EMAIL',
      companyId: s.me.companyID,
      fromAddress: 'mailer-daemon@mx.example.net',
      toAddress: LEASING_ADDRESS,
      dedupeKey: `email:${s.me.companyID}:<bounce-unknown@mx.example.net>`,
    });
    expect(row!.reason).toMatch(/no record of sending/);
    expect(row!.data).toMatchObject({
      bounce: { action: 'failed', recipient: 'ghost@example.com' },
    });
  });

  it('records an auto-reply as automatic and answers nothing', async () => {
    const sofia = await s.leadNamed('Sofia Martinez');
    const beforeSend = await s.counts();
    await s.staffEmail(sofia.id, 'Following up');
    const before = await s.counts();
    // The same counts do see an answer when one is sent.
    expect(before).toEqual(oneEmailSentAfter(beforeSend));
    await s.send({
      from: 'sofia.martinez@example.com',
      to: LEASING_ADDRESS,
      subject: 'Out of office',
      text: 'I am away until Monday.',
      messageId: '<ooo-1@example.com>',
      headers: { 'Auto-Submitted': 'auto-replied', 'X-Autoreply': 'yes' },
    });
    const event = await s.eventWithMessageId('<ooo-1@example.com>');
    expect(event).toMatchObject({ leadId: sofia.id, senderType: 'LEAD' });
    expect(event.data.autoSubmitted).toBe(true);
    // A staff email sent after it goes out, and is all the counts show beside it: an answer to
    // the auto-reply, queued before it, would show too.
    await s.staffEmail(sofia.id, 'Following up again');
    expect(await s.counts()).toEqual(oneEmailSentAfter({ ...before, events: before.events + 1 }));
  });

  it('refuses mail for an unknown address at RCPT TO and stores nothing', async () => {
    const before = await s.counts();
    const error = await s
      .send({
        from: 'someone@example.net',
        to: 'nobody@lakeside.test',
        subject: 'Hi',
        text: 'Anyone?',
      })
      .then(
        () => undefined,
        (failure: SmtpError) => failure,
      );
    expect(error?.responseCode).toBe(550);
    expect(error?.message).toMatch(/<nobody@lakeside\.test>: no such mailbox here/);
    expect(await s.counts()).toEqual(before);
  });

  it('stores the same mail once however often it arrives, by SMTP or the webhook', async () => {
    const mail = {
      from: 'zoe.park@example.com',
      to: LEASING_ADDRESS,
      subject: 'Twice',
      text: 'Sent twice by a retrying relay.',
      messageId: '<twice@example.com>',
    };
    await s.send(mail);
    await s.send(mail);
    expect(await s.eventsWithMessageId('<twice@example.com>')).toHaveLength(1);

    const raw = [
      'From: zoe.park@example.com',
      `To: ${LEASING_ADDRESS}`,
      'Subject: No id',
      'Content-Type: text/plain',
      '',
      'A message without a Message-ID.',
      '',
    ].join('\r\n');
    await s.sendRaw(raw);
    await s.sendRaw(raw);
    const hashed = await s.db
      .select()
      .from(conversationEvents)
      .where(
        and(
          eq(conversationEvents.subject, 'No id'),
          eq(conversationEvents.companyId, s.me.companyID),
        ),
      );
    expect(hashed).toHaveLength(1);
    expect(hashed[0]!.providerMessageId).toMatch(/^<[0-9a-f]{64}@inbound\.local>$/);
    const again = await s.webhook(raw);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ eventID: hashed[0]!.id, duplicate: true });
  });

  it('serializes deliveries arriving at once: one event per mail, one lead per new sender', async () => {
    const before = await s.counts();
    const raw = (id: string) =>
      [
        'From: "Twin" <twin@example.org>',
        `To: ${LEASING_ADDRESS}`,
        'Subject: At once',
        `Message-ID: ${id}`,
        'Content-Type: text/plain',
        '',
        'Delivered in parallel.',
        '',
      ].join('\r\n');
    const ids = [1, 2, 3, 4].map((n) => `<together-${n}@example.org>`);
    // The same mail six times (a relay retrying while the provider posts it too), and three
    // more first mails from the same stranger, all at once.
    const [hooks] = await Promise.all([
      Promise.all([
        ...Array.from({ length: 6 }, () => s.webhook(raw(ids[0]!))),
        ...ids.slice(1).map((id) => s.webhook(raw(id))),
      ]),
      s.sendRaw(raw(ids[0]!)),
      s.sendRaw(raw(ids[0]!)),
    ]);
    expect(hooks.map((hook) => hook.statusCode)).toEqual(hooks.map(() => 202));
    const events = await Promise.all(ids.map((id) => s.eventWithMessageId(id)));
    expect(new Set(events.map((event) => event.leadId)).size).toBe(1);
    const after = await s.counts();
    expect(after.events).toBe(before.events + ids.length);
    expect(after.leads).toBe(before.leads + 1);
  });

  it('stores an image attachment (served under /media) and lists other files without storing them', async () => {
    const image = await png();
    await s.send({
      from: 'zoe.park@example.com',
      to: LEASING_ADDRESS,
      subject: 'Photos',
      text: 'My pay stub and a photo.',
      html: '<p>See <img src="cid:photo@zoe"></p>',
      messageId: '<attachments@example.com>',
      attachments: [
        { filename: 'living-room.png', content: image, cid: 'photo@zoe' },
        {
          filename: 'paystub.pdf',
          content: Buffer.from('%PDF-1.4 not really'),
          contentType: 'application/pdf',
        },
      ],
    });
    // Its thumbnail comes from the queue, after the email is stored.
    await expect
      .poll(
        async () =>
          (await s.eventWithMessageId('<attachments@example.com>')).data.pendingThumbnails,
        { timeout: 20_000 },
      )
      .toBeUndefined();
    const event = await s.eventWithMessageId('<attachments@example.com>');
    expect(event.attachments).toHaveLength(1);
    const [attachment] = event.attachments;
    expect(attachment!.fileName).toBe('living-room.png');
    expect(attachment!.url).toMatch(/^\/media\/[A-Za-z0-9_-]+\.png$/);
    const served = await s.t.app.inject({ method: 'GET', url: attachment!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(image)).toBe(true);
    expect(event.data.otherAttachments).toEqual([
      {
        fileName: 'paystub.pdf',
        contentType: 'application/pdf',
        size: 19,
        url: expect.stringMatching(/^\/media\/[A-Za-z0-9_-]+\.pdf$/) as string,
      },
    ]);
    expect(event.data.inlineImages).toEqual({ 'photo@zoe': attachment!.url });
    expect(event.data.html).toContain('src="cid:photo@zoe"');
  });

  it('takes raw mail on the webhook with the right secret only', async () => {
    const raw = (id: string) =>
      [
        'From: "Webhook Person" <webhook.person@example.net>',
        `Delivered-To: ${LEASING_ADDRESS}`,
        'To: Undisclosed recipients:;',
        'Subject: Via webhook',
        `Message-ID: ${id}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Posted by the mail provider.',
        '',
      ].join('\r\n');
    // With the right secret a mail is stored, and the counts see its event and its new lead.
    const beforeAccepted = await s.counts();
    const accepted = await s.webhook(raw('<hook-1@example.net>'), SECRET, 'text/plain');
    expect(accepted.statusCode).toBe(202);
    const event = await s.eventWithMessageId('<hook-1@example.net>');
    expect(accepted.json()).toEqual({ eventID: event.id, duplicate: false });
    expect(event).toMatchObject({ companyId: s.me.companyID, subject: 'Via webhook' });
    expect(await s.counts()).toEqual({
      ...beforeAccepted,
      events: beforeAccepted.events + 1,
      leads: beforeAccepted.leads + 1,
    });

    const before = await s.counts();
    for (const secret of [null, '', 'wrong-secret-0123456789', `${SECRET}x`]) {
      const refused = await s.webhook(raw('<hook-refused@example.net>'), secret);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('BAD_SECRET');
    }
    expect(await s.counts()).toEqual(before);
    expect(await s.eventsWithMessageId('<hook-refused@example.net>')).toHaveLength(0);

    const octets = await s.webhook(raw('<hook-2@example.net>'), SECRET, 'application/octet-stream');
    expect(octets.statusCode).toBe(202);

    const nowhere = await s.webhook(
      raw('<hook-3@example.net>').replace(
        `Delivered-To: ${LEASING_ADDRESS}`,
        'Delivered-To: x@y.example',
      ),
    );
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().error.message).toMatch(/registered leasing address/);
    expect(await s.eventsWithMessageId('<hook-3@example.net>')).toHaveLength(0);
  });

  it('announces an inbound email live to the consoles of its company', async () => {
    await s.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.t.app.server.address() as AddressInfo;
    const socket = connect(`http://127.0.0.1:${port}`, {
      auth: { token: s.token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) =>
        socket.on('connect', resolve).on('connect_error', reject),
      );
      const heard: NewConversationAnnouncement[] = [];
      socket.on(socketEvents.newConversation(s.me.companyID), (announcement) =>
        heard.push(announcement as NewConversationAnnouncement),
      );
      await s.send({
        from: 'live.stranger@example.net',
        to: LEASING_ADDRESS,
        subject: 'Live',
        text: 'Is anyone there?',
        messageId: '<live-1@example.net>',
      });
      const event: ConversationEventRow = await s.eventWithMessageId('<live-1@example.net>');
      const announced = (id: string) => heard.find((announcement) => announcement.eventID === id);
      await expect
        .poll(() => announced(event.id))
        .toEqual({ eventID: event.id, leadID: event.leadId });

      // A bounce announces its own event and the message it failed.
      const sent = await s.staffEmail(event.leadId, 'Welcome');
      await s.sendRaw(
        bounceFor({
          messageId: '<live-bounce@mx.example.net>',
          returnedMessageId: sent.providerMessageId!,
          recipient: 'live.stranger@example.net',
        }),
      );
      const bounce = await s.eventWithMessageId('<live-bounce@mx.example.net>');
      await expect.poll(() => announced(bounce.id)).toBeDefined();
      await expect
        .poll(() => heard.filter((announcement) => announcement.eventID === sent.id).length)
        .toBeGreaterThanOrEqual(1);
      const [failed] = await s.db
        .select()
        .from(conversationEvents)
        .where(eq(conversationEvents.id, sent.id));
      expect(failed!.sendingStatus).toBe('FAILED');
    } finally {
      socket.close();
    }
  });
});

describe.each(everyDatabase())('inbound email limits on $name', (target) => {
  let port: number;
  // No INBOUND_EMAIL_SECRET: the webhook does not exist.
  const t = useTestApp(target, {
    seed: 'none',
    env: async () => {
      port = await freePort();
      return { INBOUND_SMTP_PORT: String(port), INBOUND_EMAIL_MAX_BYTES: '4096' };
    },
  });
  beforeAll(async () => {
    await createOffice(t.db, { company: { registeredLeasingEmail: LEASING_ADDRESS } });
  });

  const eventCount = async () =>
    (await t.app.database.db.select({ n: count() }).from(conversationEvents))[0]!.n;

  it('listens on the configured port', () => {
    expect(t.app.inboundSmtp).toEqual({ port });
  });

  it('refuses a mail over INBOUND_EMAIL_MAX_BYTES and stores nothing', async () => {
    const before = await eventCount();
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      secure: false,
      ignoreTLS: true,
    });
    const error = await transport
      .sendMail({
        from: 'zoe.park@example.com',
        to: LEASING_ADDRESS,
        subject: 'Too big',
        text: 'x'.repeat(10_000),
      })
      .then(
        () => undefined,
        (failure: SmtpError) => failure,
      )
      .finally(() => transport.close());
    expect(error?.responseCode).toBe(552);
    expect(await eventCount()).toBe(before);
    const small = nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      secure: false,
      ignoreTLS: true,
    });
    await small
      .sendMail({ from: 'zoe.park@example.com', to: LEASING_ADDRESS, subject: 'Small', text: 'ok' })
      .finally(() => small.close());
    expect(await eventCount()).toBe(before + 1);
  });

  it('answers 451 (try again) when the mail cannot be stored, and stores it when it comes again', async () => {
    const db = t.app.database.db;
    // A database fault on this one message only: the insert of its event is refused.
    await t.app.database.sql.executeSql(`
      create function refuse_inbound_test_event() returns trigger language plpgsql as $$
      begin
        if new.subject = 'Store me later' then raise exception 'storage unavailable'; end if;
        return new;
      end $$`);
    await t.app.database.sql.executeSql(
      'create trigger refuse_inbound_test_event before insert on conversation_events for each row execute function refuse_inbound_test_event()',
    );
    const mail = {
      from: 'retry.sender@example.net',
      to: LEASING_ADDRESS,
      subject: 'Store me later',
      text: 'Please keep me.',
      messageId: '<retry-1@example.net>',
    };
    const leadsBefore = (await db.select({ n: count() }).from(leads))[0]!.n;
    const transport = () =>
      nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    const refusing = transport();
    const error = await refusing
      .sendMail(mail)
      .then(
        () => undefined,
        (failure: SmtpError) => failure,
      )
      .finally(() => refusing.close());
    expect(error?.responseCode).toBe(451);
    // Nothing half-stored: not even the new lead the message would have made.
    expect((await db.select({ n: count() }).from(leads))[0]!.n).toBe(leadsBefore);

    await t.app.database.sql.executeSql(
      'drop trigger refuse_inbound_test_event on conversation_events',
    );
    const retrying = transport();
    await retrying.sendMail(mail).finally(() => retrying.close());
    const stored = await db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.providerMessageId, '<retry-1@example.net>'));
    expect(stored).toHaveLength(1);
  });

  it('answers 404 on the webhook when no secret is configured', async () => {
    const before = await eventCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/webhooks/email/inbound',
      headers: { 'content-type': 'message/rfc822', [INBOUND_EMAIL_SECRET_HEADER]: SECRET },
      payload: `From: a@example.com\r\nTo: ${LEASING_ADDRESS}\r\n\r\nhi\r\n`,
    });
    expect(response.statusCode).toBe(404);
    expect(await eventCount()).toBe(before);
  });
});
