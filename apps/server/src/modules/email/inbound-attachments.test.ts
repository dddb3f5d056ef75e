import { consoleOnlyEventTypes } from '@leasing/contract';
import { describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import sharp from 'sharp';
import { count, eq, notInArray } from 'drizzle-orm';
import { conversationEvents } from '../../db/schema/index.js';
import { createLead, createOffice } from '../../test/factories.js';
import { pngBomb } from '../../test/image-bomb.js';
import { oneDatabase, freePort } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

const LEASING_ADDRESS = 'leasing@lakeside.test';

type StoredFile = { url: string; fileName: string; contentType: string; size: number };

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
/** A PNG whose header is sound (its format can be read) and whose image data is not. */
const corruptPng = async () => {
  const good = await png();
  return Buffer.concat([good.subarray(0, 33), Buffer.alloc(64, 0xab)]);
};

describe.each(oneDatabase())('inbound email attachments on $name', (target) => {
  let port = 0;
  const t = useTestApp(target, {
    listen: true,
    env: async () => {
      port = await freePort();
      return { INBOUND_SMTP_PORT: String(port) };
    },
  });
  let world: Promise<Awaited<ReturnType<typeof build>>> | undefined;
  const build = async () => {
    const office = await createOffice(t.db, {
      company: { registeredLeasingEmail: LEASING_ADDRESS },
    });
    const lead = await createLead(t.db, office.property, {
      name: 'Ivy Chen',
      email: 'ivy.chen@example.com',
    });
    return { office, lead, token: await t.signIn(office.staff.credentials) };
  };
  const office = () => (world ??= build());

  const send = async (mail: Mail.Options) => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      secure: false,
      ignoreTLS: true,
    });
    try {
      await transport.sendMail({ from: 'ivy.chen@example.com', to: LEASING_ADDRESS, ...mail });
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
  const download = (url: string) => fetch(`${t.url}${url}`);

  it('stores an emailed PDF and serves it for download with safe headers and its bytes', async () => {
    await office();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    await send({
      subject: 'My pay stub',
      text: 'Attached.',
      messageId: '<pdf-1@example.com>',
      attachments: [
        { filename: 'pay stub – März.pdf', content: pdf, contentType: 'application/pdf' },
        { filename: 'page.html', content: '<script>alert(1)</script>', contentType: 'text/html' },
        // The name and the sender's type say PDF; the bytes are HTML: the bytes decide.
        {
          filename: 'statement.pdf',
          content: '<html><b>hi</b></html>',
          contentType: 'application/pdf',
        },
        // No extension: the name gets the one of what the bytes are.
        { filename: 'lease', content: pdf, contentType: 'application/octet-stream' },
      ],
    });
    const event = await eventWithMessageId('<pdf-1@example.com>');
    const files = event.data.otherAttachments as StoredFile[];
    expect(files).toHaveLength(4);
    const [stub, page, statement, lease] = files;
    expect(statement).toMatchObject({
      fileName: 'statement.pdf',
      contentType: 'application/octet-stream',
    });
    expect(statement!.url).toMatch(/\.bin$/);
    expect(lease).toMatchObject({ fileName: 'lease.pdf', contentType: 'application/pdf' });
    expect((await download(lease!.url)).headers.get('content-type')).toBe('application/pdf');
    expect(stub).toMatchObject({
      fileName: 'pay stub – März.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
    });
    expect(stub!.url).toMatch(/^\/media\/[A-Za-z0-9_-]+\.pdf$/);
    const served = await download(stub!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe(
      `attachment; filename="pay stub _ M_rz.pdf"; filename*=UTF-8''pay%20stub%20%E2%80%93%20M%C3%A4rz.pdf`,
    );
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);

    // HTML would run on our origin if rendered: kept, but only as bytes to save.
    expect(page!.url).toMatch(/\.bin$/);
    const html = await download(page!.url);
    expect(html.headers.get('content-type')).toBe('application/octet-stream');
    expect(html.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(await html.text()).toBe('<script>alert(1)</script>');
  });

  it('keeps an image that cannot be decoded as a file, and the message with it', async () => {
    await office();
    const good = await png();
    const broken = await corruptPng();
    await send({
      subject: 'Photos',
      text: 'Two photos.',
      messageId: '<photos-1@example.com>',
      attachments: [
        { filename: 'kitchen.png', content: good },
        { filename: 'balcony.png', content: broken, contentType: 'image/png' },
      ],
    });
    // The queue makes the thumbnails after the email is stored; it clears the list when done.
    await expect
      .poll(
        async () => (await eventWithMessageId('<photos-1@example.com>')).data.pendingThumbnails,
        {
          timeout: 20_000,
        },
      )
      .toBeUndefined();
    const event = await eventWithMessageId('<photos-1@example.com>');
    expect(event.attachments.map((image) => image.fileName)).toEqual(['kitchen.png']);
    const [kept] = event.data.otherAttachments as StoredFile[];
    expect(kept).toMatchObject({ fileName: 'balcony.png', size: broken.length });
    const served = await download(kept!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(Buffer.from(await served.arrayBuffer()).equals(broken)).toBe(true);
  });

  it('answers 400 naming the field to a staff upload of a damaged PNG or an image bomb, and sends nothing', async () => {
    const { lead, token } = await office();
    const upload = async (bytes: Buffer) => {
      const form = new FormData();
      form.set('leadID', lead.id);
      form.set('text', 'Here is the floor plan.');
      form.append('attachments', new Blob([bytes]), 'floor-plan.png');
      return fetch(`${t.url}/api/leads/${lead.id}/sms`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
    };
    // Messages only: the first reply also moves the lead to Contacted (a pipeline row).
    const events = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(conversationEvents)
          .where(notInArray(conversationEvents.eventType, [...consoleOnlyEventTypes]))
      )[0]!.n;
    const before = await events();
    const refused = await upload(await corruptPng());
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('body.attachments');
    expect(await events()).toBe(before);
    // An image bomb is refused from its header, never decoded.
    const bomb = await upload(pngBomb(10_000));
    expect(bomb.status).toBe(400);
    expect(JSON.stringify(await bomb.json())).toContain(
      'floor-plan.png: a PNG image larger than 40 megapixels',
    );
    expect(await events()).toBe(before);
    // Control: the same upload with a sound PNG is sent.
    expect((await upload(await png())).status).toBe(200);
    expect(await events()).toBe(before + 1);
  });
});
