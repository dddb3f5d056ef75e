import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { count, eq } from 'drizzle-orm';
import { INBOUND_EMAIL_SECRET_HEADER } from '@leasing/contract';
import {
  conversationEvents,
  leads,
  unmatchedMessages,
  type LeadRow,
} from '../../db/schema/index.js';
import type { DnsResolver } from '../../lib/dns-resolver.js';
import { createLead, createOffice } from '../../test/factories.js';
import { databaseTargets, freePort } from '../../test/test-app.js';
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

describe.each(databaseTargets())('inbound sender verification on $name', (target) => {
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

  it('judges a webhook message by its DKIM signature and DMARC policy', async () => {
    const { lead } = await nora();
    const raw = async (messageId: string, privateKey: string) => {
      const transport = nodemailer.createTransport({
        streamTransport: true,
        buffer: true,
        dkim: signedBy(privateKey),
      });
      const info = await transport.sendMail({
        from: lead.email!,
        to: LEASING_ADDRESS,
        subject: 'Via the provider',
        text: 'Posted by the mail provider.',
        messageId,
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
    expect((await post(await raw('<hook-signed@x>', domainKey.privateKey))).statusCode).toBe(202);
    expect((await eventWithMessageId('<hook-signed@x>')).data.senderVerified).toBe(true);
    expect((await post(await raw('<hook-forged@x>', forgerKey.privateKey))).statusCode).toBe(202);
    expect((await eventWithMessageId('<hook-forged@x>')).data.senderVerified).toBe(false);
  });
});
