import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { and, count, eq } from 'drizzle-orm';
import { apiPaths, INBOUND_EMAIL_SECRET_HEADER, type ConversationEvent } from '@leasing/contract';
import {
  auditLog,
  conversationEvents,
  leads,
  notifications,
  unmatchedMessages,
  webhookDeliveries,
  type LeadRow,
} from '../../db/schema/index.js';
import type { DnsResolver } from '../../lib/dns-resolver.js';
import { createLead, createOffice, type Office } from '../../test/factories.js';
import { oneDatabase, freePort } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

const LEASING_ADDRESS = 'leasing@lakeside.test';
const SECRET = 'sender-verification-secret-0123';
const SENDER_DOMAIN = 'mail.example.org';
const SELECTOR = 'leasing2025';

const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
/** The domain's real key, published in DNS, and a forger's key that DNS knows nothing of. */
const domainKey = keyPair();
const forgerKey = keyPair();

/**
 * The sender domain's DNS, on the machine: an SPF record that allows no server (so only a DKIM
 * signature can pass DMARC for it), its DKIM public key, and a DMARC reject policy.
 */
const TXT_RECORDS: Record<string, string> = {
  [SENDER_DOMAIN]: 'v=spf1 -all',
  [`${SELECTOR}._domainkey.${SENDER_DOMAIN}`]: `v=DKIM1; k=rsa; p=${domainKey.publicKey.toString('base64')}`,
  [`_dmarc.${SENDER_DOMAIN}`]: 'v=DMARC1; p=reject',
};
const tableResolver: DnsResolver = async (name, rrtype) => {
  const record = rrtype === 'TXT' ? TXT_RECORDS[name.toLowerCase()] : undefined;
  if (record) return [[record]];
  throw Object.assign(new Error(`query${rrtype} ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

const signedBy = (privateKey: string) => ({
  domainName: SENDER_DOMAIN,
  keySelector: SELECTOR,
  privateKey,
});

describe.each(oneDatabase())('inbound sender verification on $name', (target) => {
  let port = 0;
  const t = useTestApp(target, {
    dnsResolver: tableResolver,
    env: async () => {
      port = await freePort();
      return { INBOUND_SMTP_PORT: String(port), INBOUND_EMAIL_SECRET: SECRET };
    },
  });

  let world: Promise<{ lead: LeadRow }> | undefined;
  /** Lakeside's mailbox and Nora, a lead writing from the signing domain; made once. */
  const nora = () =>
    (world ??= (async () => {
      const office = await createOffice(t.db, {
        company: { registeredLeasingEmail: LEASING_ADDRESS },
      });
      const lead = await createLead(t.db, office.property, {
        name: 'Nora Quinn',
        email: `nora@${SENDER_DOMAIN}`,
      });
      return { lead };
    })());

  const send = async (mail: Mail.Options, dkim?: ReturnType<typeof signedBy>) => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      secure: false,
      ignoreTLS: true,
      ...(dkim ? { dkim } : {}),
    });
    try {
      return await transport.sendMail({ to: LEASING_ADDRESS, text: 'Hello.', ...mail });
    } finally {
      transport.close();
    }
  };
  const eventWithMessageId = async (messageId: string) => {
    const rows = await t.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.providerMessageId, messageId));
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };
  const leadCount = async () => (await t.db.select({ n: count() }).from(leads))[0]!.n;

  it('marks a forged message to an existing lead not verified; a signed one is verified', async () => {
    const { lead } = await nora();
    await send(
      { from: lead.email!, subject: 'Signed', messageId: '<signed-1@mail.example.org>' },
      signedBy(domainKey.privateKey),
    );
    const signed = await eventWithMessageId('<signed-1@mail.example.org>');
    expect(signed.leadId).toBe(lead.id);
    expect(signed.data.senderVerified).toBe(true);
    expect(signed.data.senderAuth).toMatchObject({ dkim: 'pass', dmarc: 'pass' });

    await send(
      { from: lead.email!, subject: 'Forged', messageId: '<forged-1@mail.example.org>' },
      signedBy(forgerKey.privateKey),
    );
    const forged = await eventWithMessageId('<forged-1@mail.example.org>');
    // Kept on the lead's timeline, but marked: staff see it may not be from the lead.
    expect(forged.leadId).toBe(lead.id);
    expect(forged.data.senderVerified).toBe(false);
    expect(forged.data.senderAuth).toMatchObject({ spf: 'fail', dkim: 'fail', dmarc: 'fail' });
  });

  it('opens no lead for a forged message from an unknown address; a verified one does', async () => {
    await nora();
    const before = await leadCount();
    await send(
      {
        from: `newcomer@${SENDER_DOMAIN}`,
        subject: 'Interested',
        messageId: '<verified-new@mail.example.org>',
      },
      signedBy(domainKey.privateKey),
    );
    expect(await leadCount()).toBe(before + 1);
    const opened = await eventWithMessageId('<verified-new@mail.example.org>');
    expect(opened.data.senderVerified).toBe(true);

    await send({
      from: `stranger@${SENDER_DOMAIN}`,
      subject: 'Unsigned and from a server SPF refuses',
      messageId: '<forged-new@mail.example.org>',
    });
    expect(await leadCount()).toBe(before + 1);
    const [kept] = await t.db
      .select()
      .from(unmatchedMessages)
      .where(eq(unmatchedMessages.fromAddress, `stranger@${SENDER_DOMAIN}`));
    expect(kept?.reason).toBe('Sender not verified: not opening a new lead');
    expect(kept?.data).toMatchObject({ senderVerified: false });
  });

  /** A message as a mail provider posts it: signed with `privateKey`, or unsigned. */
  const raw = async (mail: Mail.Options, privateKey?: string) => {
    const transport = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      ...(privateKey ? { dkim: signedBy(privateKey) } : {}),
    });
    const info = await transport.sendMail({
      to: LEASING_ADDRESS,
      subject: 'Via the provider',
      text: 'Posted by the mail provider.',
      ...mail,
    });
    return info.message as Buffer;
  };
  const post = async (payload: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/webhooks/email/inbound',
      headers: { 'content-type': 'message/rfc822', [INBOUND_EMAIL_SECRET_HEADER]: SECRET },
      payload,
    });

  it('judges a webhook message by its DKIM signature and DMARC policy', async () => {
    const { lead } = await nora();
    const hook = (messageId: string, privateKey: string) =>
      raw({ from: lead.email!, messageId }, privateKey);
    expect((await post(await hook('<hook-signed@x>', domainKey.privateKey))).statusCode).toBe(202);
    expect((await eventWithMessageId('<hook-signed@x>')).data.senderVerified).toBe(true);
    expect((await post(await hook('<hook-forged@x>', forgerKey.privateKey))).statusCode).toBe(202);
    expect((await eventWithMessageId('<hook-forged@x>')).data.senderVerified).toBe(false);
  });

  describe('a lead whose email failed verification, with a message scheduled to them', () => {
    let office: Office;
    let staffToken: string;
    let outsider: string;
    beforeAll(async () => {
      office = await createOffice(t.db, {
        company: { registeredLeasingEmail: `desk-${randomUUID().slice(0, 8)}@lakeside.test` },
        staff: { name: 'Dana Whitfield' },
      });
      staffToken = await t.signIn(office.staff.credentials);
      outsider = await t.signIn((await createOffice(t.db)).staff.credentials);
      const endpoint = await t.request('POST', apiPaths.webhookEndpoints, {
        as: staffToken,
        payload: { url: 'https://hooks.example.test/in', events: ['message.received'] },
      });
      expect(endpoint.status).toBe(201);
    });

    /** A lead Dana owns, writing from `domain`, with an email of Dana's scheduled for tomorrow. */
    const leadWithScheduledEmail = async (domain = SENDER_DOMAIN) => {
      const lead = await createLead(t.db, office.property, {
        email: `lead-${randomUUID().slice(0, 8)}@${domain}`,
        owner: office.staff.user,
      });
      const scheduled = await t.request<ConversationEvent>('POST', apiPaths.leadEmail(lead.id), {
        as: staffToken,
        payload: {
          subject: 'Your tour',
          text: 'Shall we meet on Friday?',
          leadID: lead.id,
          companyID: office.company.id,
          sentByUserID: office.staff.user.id,
          sendAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
        },
      });
      expect(scheduled.body.sendingStatus).toBe('SCHEDULED');
      return { lead, scheduledId: scheduled.body._id };
    };
    const receive = async (lead: LeadRow, privateKey?: string) => {
      const messageId = `<${randomUUID()}@${lead.email!.split('@')[1]}>`;
      const to = office.company.registeredLeasingEmail!;
      expect(
        (await post(await raw({ from: lead.email!, to, messageId }, privateKey))).statusCode,
      ).toBe(202);
      return eventWithMessageId(messageId);
    };
    /** What a lead's reply sets off, counted from the database. */
    const effectsOf = async (leadId: string, scheduledId: string) => {
      const [scheduled] = await t.db
        .select()
        .from(conversationEvents)
        .where(eq(conversationEvents.id, scheduledId));
      const [row] = await t.db.select().from(leads).where(eq(leads.id, leadId));
      const hooks = await t.db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.leadId, leadId),
            eq(webhookDeliveries.event, 'message.received'),
          ),
        );
      const told = await t.db.select().from(notifications).where(eq(notifications.leadId, leadId));
      return {
        scheduled: scheduled!.sendingStatus,
        webhooks: hooks.length,
        notifications: told.map((notification) => notification.kind),
        needsReply: row!.awaitingSince !== null,
      };
    };
    const confirm = (leadId: string, eventId: string, as = staffToken) =>
      t.request<ConversationEvent>('POST', apiPaths.leadSenderConfirmation(leadId, eventId), {
        as,
      });

    it('keeps a DMARC-fail email marked and not as a reply: nothing cancelled, sent to webhooks or notified', async () => {
      const { lead, scheduledId } = await leadWithScheduledEmail();
      const forged = await receive(lead, forgerKey.privateKey);
      expect(forged.leadId).toBe(lead.id);
      expect(forged.data.senderVerified).toBe(false);
      expect(await effectsOf(lead.id, scheduledId)).toEqual({
        scheduled: 'SCHEDULED',
        webhooks: 0,
        notifications: [],
        needsReply: false,
      });
    });

    it('files a DMARC-pass email as the reply it is (the positive control)', async () => {
      const { lead, scheduledId } = await leadWithScheduledEmail();
      const signed = await receive(lead, domainKey.privateKey);
      expect(signed.data.senderVerified).toBe(true);
      expect(await effectsOf(lead.id, scheduledId)).toEqual({
        scheduled: 'CANCELED',
        webhooks: 1,
        notifications: ['lead_wrote'],
        needsReply: true,
      });
    });

    it('makes the email a reply once a person confirms its sender, once however often they do', async () => {
      const { lead, scheduledId } = await leadWithScheduledEmail();
      const forged = await receive(lead, forgerKey.privateKey);
      expect((await confirm(lead.id, forged.id, outsider)).status).toBe(403);
      expect((await effectsOf(lead.id, scheduledId)).webhooks).toBe(0);

      const confirmed = await confirm(lead.id, forged.id);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.data).toMatchObject({
        senderVerified: false,
        senderConfirmed: { byUserName: 'Dana Whitfield' },
      });
      const once = {
        scheduled: 'CANCELED',
        webhooks: 1,
        notifications: ['lead_wrote'],
        needsReply: true,
      };
      expect(await effectsOf(lead.id, scheduledId)).toEqual(once);
      expect((await confirm(lead.id, forged.id)).status).toBe(200);
      expect(await effectsOf(lead.id, scheduledId)).toEqual(once);
      const audited = await t.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'message.sender_confirmed'), eq(auditLog.targetId, forged.id)),
        );
      expect(audited).toMatchObject([{ actorUserId: office.staff.user.id }]);
      // A verified email has no sender to confirm.
      const signed = await receive(lead, domainKey.privateKey);
      expect((await confirm(lead.id, signed.id)).status).toBe(404);
    });

    it('files an email from a domain with no records as a reply, marked as not verifiable', async () => {
      const { lead, scheduledId } = await leadWithScheduledEmail('no-records.example.net');
      const unsigned = await receive(lead);
      expect(unsigned.data.senderVerified).toBeNull();
      expect(await effectsOf(lead.id, scheduledId)).toEqual({
        scheduled: 'CANCELED',
        webhooks: 1,
        notifications: ['lead_wrote'],
        needsReply: true,
      });
    });
  });
});
