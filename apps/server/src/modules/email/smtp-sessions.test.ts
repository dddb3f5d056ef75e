import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import { conversationEvents } from '../../db/schema/index.js';
import { createOffice } from '../../test/factories.js';
import { oneDatabase, freePort } from '../../test/test-app.js';
import { openSmtpSession } from '../../test/smtp-session.js';
import { useTestApp } from '../../test/use-test-app.js';
import { selfSignedCertificate } from './smtp-tls.js';

const LEASING_ADDRESS = 'leasing@lakeside.test';

const sendMail = async (port: number, messageId: string) => {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    requireTLS: true,
    tls: { rejectUnauthorized: false },
  });
  try {
    return await transport.sendMail({
      from: 'ivy.chen@example.com',
      to: LEASING_ADDRESS,
      subject: 'Hello',
      text: 'Is the flat still free?',
      messageId,
    });
  } finally {
    transport.close();
  }
};

/** A counter's value in the app's metrics registry (0 before it was first counted). */
const counted = async (
  app: FastifyInstance,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> => {
  const metric = await app.metrics.getSingleMetric(name)?.get();
  const sample = metric?.values.find((value) =>
    Object.entries(labels).every(([key, wanted]) => value.labels[key] === wanted),
  );
  return sample?.value ?? 0;
};

describe.each(oneDatabase())('inbound SMTP sessions on $name', (target) => {
  let port = 0;
  const t = useTestApp(target, {
    env: async () => {
      port = await freePort();
      return {
        // A data directory of its own, so the certificate is made by this start, not kept from another.
        DATA_DIR: await mkdtemp(join(tmpdir(), 'smtp-sessions-')),
        INBOUND_SMTP_PORT: String(port),
        INBOUND_SMTP_MAX_CONNECTIONS_PER_IP: '2',
      };
    },
  });
  beforeAll(async () => {
    await createOffice(t.db, { company: { registeredLeasingEmail: LEASING_ADDRESS } });
  });

  it('answers 421 to a third session from one IP while another IP is still served', async () => {
    const refusedBefore = await counted(t.app, 'inbound_smtp_sessions_total', {
      outcome: 'refused_per_ip',
    });
    const first = await openSmtpSession(port);
    const second = await openSmtpSession(port);
    try {
      expect(first.banner).toMatch(/^220 /);
      expect(second.banner).toMatch(/^220 /);
      const third = await openSmtpSession(port);
      expect(third.banner).toMatch(/^421 .*Too many connections from 127\.0\.0\.1 \(limit 2\)/);
      await third.closed;
      expect(
        await counted(t.app, 'inbound_smtp_sessions_total', { outcome: 'refused_per_ip' }),
      ).toBe(refusedBefore + 1);
      // Control: another address (127.0.0.2 is loopback too) has places of its own.
      const other = await openSmtpSession(port, { localAddress: '127.0.0.2' });
      other.close();
      expect(other.banner).toMatch(/^220 /);
    } finally {
      first.close();
      second.close();
    }
    await Promise.all([first.closed, second.closed]);
  });

  it('offers STARTTLS with a self-signed certificate for its host when none is configured', async () => {
    const session = await openSmtpSession(port);
    try {
      expect(await session.say('EHLO client.example')).toMatch(/^250-STARTTLS\r$/m);
      const secure = await session.startTls();
      const certificate = secure.getPeerX509Certificate()!;
      expect(certificate.subject).toBe('CN=localhost');
      expect(certificate.issuer).toBe(certificate.subject);
      expect(certificate.verify(certificate.publicKey)).toBe(true);
      const kept = await readFile(join(t.app.config.dataDir, 'inbound-smtp-tls.pem'), 'utf8');
      expect(kept).toContain(certificate.toString().trim());
      expect(await session.say('EHLO client.example')).toMatch(/^250/);
    } finally {
      session.close();
    }
  });
});

describe.each(oneDatabase())('inbound SMTP with a configured certificate on $name', (target) => {
  let port = 0;
  let certificate = '';
  const t = useTestApp(target, {
    env: async () => {
      port = await freePort();
      const made = await selfSignedCertificate('mx.lakeside.test');
      certificate = made.cert;
      // The key from a file, the certificate as PEM text: both forms are read.
      const keyFile = join(await mkdtemp(join(tmpdir(), 'smtp-tls-')), 'key.pem');
      await writeFile(keyFile, made.key);
      return {
        INBOUND_SMTP_PORT: String(port),
        INBOUND_SMTP_TLS_CERT: made.cert,
        INBOUND_SMTP_TLS_KEY: keyFile,
        INBOUND_SMTP_IDLE_TIMEOUT: '1s',
        INBOUND_SMTP_SESSION_TIMEOUT: '3s',
      };
    },
  });
  beforeAll(async () => {
    await createOffice(t.db, { company: { registeredLeasingEmail: LEASING_ADDRESS } });
  });

  it('presents the configured certificate after STARTTLS', async () => {
    const session = await openSmtpSession(port);
    try {
      expect(await session.say('EHLO client.example')).toMatch(/^250-STARTTLS\r$/m);
      const secure = await session.startTls();
      expect(secure.getPeerX509Certificate()!.fingerprint256).toBe(
        new X509Certificate(certificate).fingerprint256,
      );
    } finally {
      session.close();
    }
  });

  it('closes a session whose client stays silent past INBOUND_SMTP_IDLE_TIMEOUT', async () => {
    const idle = await openSmtpSession(port);
    expect(idle.banner).toMatch(/^220 /);
    expect(await idle.say('EHLO client.example')).toMatch(/^250/);
    expect(await idle.next()).toMatch(/^421 Timeout/);
    await idle.closed;
  });

  it('closes a session that keeps talking at INBOUND_SMTP_SESSION_TIMEOUT', async () => {
    const timedOutBefore = await counted(t.app, 'inbound_smtp_sessions_timed_out_total');
    const busy = await openSmtpSession(port);
    expect(busy.banner).toMatch(/^220 /);
    // Every NOOP restarts the idle timer: only the session's deadline can end this.
    let reply = await busy.say('NOOP');
    while (reply.startsWith('250')) reply = await busy.say('NOOP');
    expect(reply).toMatch(/^421 Session time limit reached/);
    await busy.closed;
    expect(await counted(t.app, 'inbound_smtp_sessions_timed_out_total')).toBe(timedOutBefore + 1);
  });

  it('takes a message over TLS from a client that keeps talking, and three sessions of one IP under the default cap of 5', async () => {
    const sessions = await Promise.all([1, 2, 3].map(() => openSmtpSession(port)));
    try {
      expect(sessions.map((session) => session.banner.slice(0, 4))).toEqual([
        '220 ',
        '220 ',
        '220 ',
      ]);
      const sent = await sendMail(port, '<secure-1@example.com>');
      expect(sent.response).toMatch(/^250 /);
    } finally {
      sessions.forEach((session) => session.close());
    }
    const rows = await t.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.providerMessageId, '<secure-1@example.com>'));
    expect(rows).toHaveLength(1);
  });
});
