import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { count, eq, notInArray } from 'drizzle-orm';
import { consoleOnlyEventTypes, type ConversationEvent, type OutboxEntry } from '@leasing/contract';
import { conversationEvents } from '../../db/schema/index.js';
import { createLead, createOffice } from '../../test/factories.js';
import { oneDatabase, freePort } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const html = Buffer.from('<!doctype html><script>alert(1)</script>');

type ErrorBody = { error: { message: string; details: { path: string; message: string }[] } };

describe('files on an outgoing email, sent over SMTP (a real SMTP server on loopback)', () => {
  const mails: string[] = [];
  let smtp: SMTPServer;
  let smtpPort = 0;
  beforeAll(async () => {
    smtpPort = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(resolve));
  });
  const t = useTestApp(oneDatabase()[0]!, {
    seed: 'none',
    listen: true,
    env: ({ url }) => ({ PUBLIC_URL: url!, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }),
  });
  let world: Promise<Awaited<ReturnType<typeof build>>> | undefined;
  const build = async () => {
    const office = await createOffice(t.db, {
      company: { name: 'Lakeside Rentals', registeredLeasingEmail: 'leasing@lakeside.test' },
    });
    const lead = await createLead(t.db, office.property, {
      name: 'Ivy Chen',
      email: 'ivy.chen@example.com',
    });
    const token = await t.signIn(office.staff.credentials);
    const me = (await (
      await fetch(`${t.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { _id: string; companyID: string };
    return { me, lead, token };
  };
  const office = () => (world ??= build());

  const sendEmail = async (files: { name: string; bytes: Buffer }[], subject = 'Your lease') => {
    const { me, lead, token } = await office();
    const form = new FormData();
    form.set('leadID', lead.id);
    form.set('companyID', me.companyID);
    form.set('sentByUserID', me._id);
    form.set('subject', subject);
    form.set('text', 'Hi Ivy, your lease is attached.');
    for (const file of files) form.append('attachments', new Blob([file.bytes]), file.name);
    const response = await fetch(`${t.url}/api/leads/${lead.id}/email`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const eventById = async (id: string) =>
    (await t.db.select().from(conversationEvents).where(eq(conversationEvents.id, id)))[0]!;
  const messageCount = async () =>
    (
      await t.db
        .select({ n: count() })
        .from(conversationEvents)
        .where(notInArray(conversationEvents.eventType, [...consoleOnlyEventTypes]))
    )[0]!.n;

  it('sends a PDF and an image as attachments the receiving server can read back', async () => {
    const photo = await png();
    const sent = await sendEmail([
      { name: 'lease.pdf', bytes: pdf },
      { name: 'unit 4B.png', bytes: photo },
    ]);
    expect(sent.status).toBe(200);
    const event = sent.body as ConversationEvent;
    expect(event.attachmentsUrls).toEqual([
      expect.objectContaining({
        fileName: 'unit 4B.png',
        contentType: 'image/png',
        size: photo.length,
      }),
    ]);
    expect(event.data.otherAttachments).toEqual([
      expect.objectContaining({
        fileName: 'lease.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
      }),
    ]);

    await expect.poll(async () => (await eventById(event._id)).sendingStatus).toBe('COMPLETED');
    expect(mails).toHaveLength(1);
    const mail = await simpleParser(mails[0]!);
    expect(mail.subject).toBe('Your lease');
    const received = mail.attachments.map((file) => ({
      name: file.filename,
      type: file.contentType,
      bytes: file.content,
    }));
    expect(received).toEqual([
      { name: 'unit 4B.png', type: 'image/png', bytes: photo },
      { name: 'lease.pdf', type: 'application/pdf', bytes: pdf },
    ]);

    // Served as a download, typed by its bytes.
    const served = await fetch(`${t.url}${event.data.otherAttachments![0]!.url}`);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="lease.pdf"/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('names every refused file and why, and stores and sends nothing', async () => {
    const before = await messageCount();
    const mailsBefore = mails.length;
    const refused = await sendEmail([
      { name: 'lease.pdf', bytes: pdf },
      // Named a PDF, but its bytes are HTML: the name decides nothing.
      { name: 'invoice.pdf', bytes: html },
      { name: 'run.exe', bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]) },
      { name: 'big.pdf', bytes: Buffer.concat([pdf, Buffer.alloc(20 * 1024 * 1024)]) },
    ]);
    expect(refused.status).toBe(400);
    const { error } = refused.body as ErrorBody;
    expect(error.details).toEqual([
      { path: 'body.attachments', message: 'big.pdf: over 20 MB in all' },
    ]);
    // The body was not read past the limit; within it, every refused file is named.
    const mixed = await sendEmail([
      { name: 'lease.pdf', bytes: pdf },
      { name: 'invoice.pdf', bytes: html },
      { name: 'run.exe', bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]) },
      { name: 'notes.txt', bytes: Buffer.from('Parking is in the back.\n') },
    ]);
    expect(mixed.status).toBe(400);
    expect((mixed.body as ErrorBody).error.details.map((detail) => detail.message)).toEqual([
      'invoice.pdf: only PDF, images, office documents and text files can be emailed',
      'run.exe: only PDF, images, office documents and text files can be emailed',
    ]);
    const eleven = await sendEmail(
      Array.from({ length: 11 }, (_, index) => ({ name: `page-${index + 1}.pdf`, bytes: pdf })),
    );
    expect(eleven.status).toBe(400);
    expect((eleven.body as ErrorBody).error.details).toEqual([
      { path: 'body.attachments', message: 'page-11.pdf: at most 10 files per email' },
    ]);
    expect(await messageCount()).toBe(before);
    expect(mails.length).toBe(mailsBefore);
  });

  it('checks the multipart fields like the JSON body', async () => {
    const refused = await sendEmail([{ name: 'lease.pdf', bytes: pdf }], ' ');
    expect(refused.status).toBe(400);
    expect((refused.body as ErrorBody).error.details[0]).toMatchObject({ path: 'body.subject' });
  });
});

describe.each(oneDatabase())('a mixed selection on a text on $name', (target) => {
  const t = useTestApp(target, { seed: 'none' });

  it('refuses the file that is not an image by name, and the images with it are not stored', async () => {
    const office = await createOffice(t.db);
    const lead = await createLead(t.db, office.property, { name: 'Leo Park' });
    const token = await t.signIn(office.staff.credentials);
    const form = new FormData();
    form.set('leadID', lead.id);
    form.set('text', 'The plan and my notes');
    form.append('attachments', new Blob([await png()]), 'plan.png');
    form.append('attachments', new Blob(['Parking is in the back.\n']), 'notes.txt');
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/leads/${lead.id}/sms`,
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': encoded.headers.get('content-type')!,
      },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json<ErrorBody>();
    expect(error.details).toEqual([
      {
        path: 'body.attachments',
        message: 'notes.txt: only images can be texted (it is not a PNG, JPEG, GIF or WebP image)',
      },
    ]);
  });
});

// The sandbox (no SMTP server set): the outbox keeps each email's files for a person to open.
describe.each(oneDatabase())('the sandbox outbox ($name)', (target) => {
  const t = useTestApp(target, {
    seed: 'none',
    listen: true,
    env: ({ url }) => ({ PUBLIC_URL: url! }),
  });

  it("lists an email's attached files with their name, type, size and a link that opens each", async () => {
    const office = await createOffice(t.db, {
      company: { name: 'Lakeside Rentals', registeredLeasingEmail: 'leasing@lakeside.test' },
    });
    const lead = await createLead(t.db, office.property, { email: 'ivy.chen@example.com' });
    const token = await t.signIn(office.staff.credentials);
    const auth = { authorization: `Bearer ${token}` };
    const me = (await (await fetch(`${t.url}/api/me`, { headers: auth })).json()) as {
      _id: string;
      companyID: string;
    };
    const form = new FormData();
    form.set('leadID', lead.id);
    form.set('companyID', me.companyID);
    form.set('sentByUserID', me._id);
    form.set('subject', 'Your lease');
    form.set('text', 'Hi Ivy, your lease is attached.');
    form.append('attachments', new Blob([pdf]), 'lease.pdf');
    const sent = await fetch(`${t.url}/api/leads/${lead.id}/email`, {
      method: 'POST',
      body: form,
      headers: auth,
    });
    expect(sent.status).toBe(200);
    // Read to its end: an answer left unread keeps its connection busy, and the app's close
    // waits for it (a minute, then "did not start in time").
    await sent.arrayBuffer();

    const outbox = async () =>
      (
        (await (await fetch(`${t.url}/api/outbox`, { headers: auth })).json()) as {
          items: OutboxEntry[];
        }
      ).items;
    await expect.poll(async () => (await outbox()).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ channel: 'EMAIL', to: 'ivy.chen@example.com' });
    expect(mail!.files).toEqual([
      {
        url: expect.stringMatching(/^\/media\//),
        fileName: 'lease.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
      },
    ]);
    const opened = await fetch(`${t.url}${mail!.files[0]!.url}`);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(pdf)).toBe(true);
  });
});
