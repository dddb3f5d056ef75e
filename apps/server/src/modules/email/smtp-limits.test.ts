import { beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { count } from 'drizzle-orm';
import { conversationEvents } from '../../db/schema/index.js';
import { createOffice } from '../../test/factories.js';
import { oneDatabase, freePort } from '../../test/test-app.js';
import { openSmtpSession as openSession } from '../../test/smtp-session.js';
import { useTestApp } from '../../test/use-test-app.js';
import { waitUntil } from '../../test/wait-until.js';

const LEASING_ADDRESS = 'leasing@lakeside.test';

type SmtpError = Error & { responseCode?: number; response?: string };

describe.each(oneDatabase())('inbound SMTP limits on $name', (target) => {
  let port = 0;
  const t = useTestApp(target, {
    env: async () => {
      port = await freePort();
      return {
        INBOUND_SMTP_PORT: String(port),
        INBOUND_SMTP_MAX_CONNECTIONS: '2',
        INBOUND_SMTP_MESSAGES_PER_SENDER_PER_HOUR: '3',
        INBOUND_SMTP_MESSAGES_PER_IP_PER_HOUR: '7',
        INBOUND_EMAIL_MAX_BYTES: '4096',
      };
    },
  });
  beforeAll(async () => {
    await createOffice(t.db, { company: { registeredLeasingEmail: LEASING_ADDRESS } });
  });

  const eventCount = async () => (await t.db.select({ n: count() }).from(conversationEvents))[0]!.n;
  /** The sessions the listener holds open now, as its metrics count them. */
  const openSessions = async () =>
    (await t.app.metrics.getSingleMetric('inbound_smtp_sessions_open')!.get()).values[0]?.value;
  const send = async (from: string, subject: string) => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      secure: false,
      ignoreTLS: true,
    });
    try {
      await transport.sendMail({ from, to: LEASING_ADDRESS, subject, text: 'Hello.' });
      return undefined;
    } catch (error) {
      return error as SmtpError;
    } finally {
      transport.close();
    }
  };

  it('answers 421 to a client past INBOUND_SMTP_MAX_CONNECTIONS', async () => {
    const first = await openSession(port);
    const second = await openSession(port);
    try {
      expect(first.banner).toMatch(/^220 /);
      expect(second.banner).toMatch(/^220 /);
      const third = await openSession(port);
      third.close();
      expect(third.banner).toMatch(/^421 /);
    } finally {
      first.close();
      second.close();
    }
    // Once the listener has seen the others leave, a client is served again.
    await waitUntil('the listener has no session open', async () => (await openSessions()) === 0, {
      lastSeen: openSessions,
    });
    const later = await openSession(port);
    later.close();
    expect(later.banner).toMatch(/^220 /);
  });

  it('answers 552 to a message over INBOUND_EMAIL_MAX_BYTES sent without a SIZE declaration', async () => {
    const session = await openSession(port);
    try {
      expect(await session.say('EHLO client.example')).toMatch(/^250/m);
      expect(await session.say('MAIL FROM:<big.sender@example.net>')).toMatch(/^250/);
      expect(await session.say(`RCPT TO:<${LEASING_ADDRESS}>`)).toMatch(/^250/);
      expect(await session.say('DATA')).toMatch(/^354/);
      const body = `Subject: Too big\r\n\r\n${'x'.repeat(200)}\r\n`.repeat(40);
      expect(await session.say(`${body}.`)).toMatch(/^552 /);
    } finally {
      session.close();
    }
  });

  it('answers 450 past the hourly limit of one sender, then of one IP, and stores nothing more', async () => {
    const before = await eventCount();
    for (const n of [1, 2, 3]) {
      expect(await send('busy.sender@example.net', `Message ${n}`)).toBeUndefined();
    }
    expect(await eventCount()).toBe(before + 3);
    const refused = await send('busy.sender@example.net', 'Message 4');
    expect(refused?.responseCode).toBe(450);
    expect(refused?.response).toMatch(/Too many messages from <busy.sender@example.net>/);
    expect(await eventCount()).toBe(before + 3);

    // Another sender from the same IP is served until the IP's own limit (7, the oversize
    // message and the refused one included) is passed.
    expect(await send('other.sender@example.net', 'Other 1')).toBeUndefined();
    expect(await send('other.sender@example.net', 'Other 2')).toBeUndefined();
    const byIp = await send('third.sender@example.net', 'Third 1');
    expect(byIp?.responseCode).toBe(450);
    expect(byIp?.response).toMatch(/Too many messages from 127\.0\.0\.1/);
    expect(await eventCount()).toBe(before + 5);
  });
});
