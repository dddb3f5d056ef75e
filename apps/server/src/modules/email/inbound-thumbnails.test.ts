import { afterAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { socketEvents, type NewConversationAnnouncement } from '@leasing/contract';
import { conversationEvents } from '../../db/schema/index.js';
import { createLead, createOffice } from '../../test/factories.js';
import { createSocketOpener } from '../../test/sockets.js';
import { pngBomb } from '../../test/image-bomb.js';
import { oneDatabase, freePort } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';
import {
  INBOUND_EMAIL_THUMBNAILS_QUEUE,
  MAX_THUMBNAILS_PER_EMAIL,
  startInboundThumbnailWorker,
} from './inbound-email-thumbnails.job.js';

const LEASING_ADDRESS = 'leasing@lakeside.test';

type StoredFile = { url: string; fileName: string; contentType: string; size: number };

const png = (background = '#3366ff') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .png()
    .toBuffer();

describe.each(oneDatabase())('inbound email thumbnails on $name', (target) => {
  let port = 0;
  const t = useTestApp(target, {
    listen: true,
    env: async () => {
      port = await freePort();
      return { INBOUND_SMTP_PORT: String(port) };
    },
  });
  const sockets = createSocketOpener();
  afterAll(() => sockets.closeAll());
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

  /** Resolves once the listener answered 250 to the message's DATA. */
  const send = async (mail: Mail.Options) => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      secure: false,
      ignoreTLS: true,
    });
    try {
      const info = await transport.sendMail({
        from: 'ivy.chen@example.com',
        to: LEASING_ADDRESS,
        ...mail,
      });
      return info.response;
    } finally {
      transport.close();
    }
  };
  const eventWithMessageId = async (messageId: string) =>
    (
      await t.db
        .select()
        .from(conversationEvents)
        .where(eq(conversationEvents.providerMessageId, messageId))
    )[0]!;
  /** The email once the queue has made its thumbnails (it says so by clearing the pending list). */
  const settled = async (messageId: string) => {
    await expect
      .poll(async () => (await eventWithMessageId(messageId))?.data.pendingThumbnails, {
        timeout: 20_000,
      })
      .toBeUndefined();
    return eventWithMessageId(messageId);
  };
  const filesOf = (event: { data: Record<string, unknown> }) =>
    (event.data.otherAttachments ?? []) as StoredFile[];

  it('keeps a 100-megapixel PNG bomb as a file with no thumbnail, beside a photo that gets one', async () => {
    await office();
    const bomb = pngBomb(10_000);
    expect(bomb.length).toBeLessThan(50_000);
    await send({
      subject: 'Floor plan',
      text: 'Two pictures.',
      messageId: '<bomb-1@example.com>',
      attachments: [
        { filename: 'plan.png', content: bomb, contentType: 'image/png' },
        { filename: 'kitchen.png', content: await png(), contentType: 'image/png' },
      ],
    });
    const event = await settled('<bomb-1@example.com>');
    // Control: the ordinary photo is shown with its thumbnail.
    expect(event.attachments.map((image) => image.fileName)).toEqual(['kitchen.png']);
    expect(event.attachments[0]!.thumbnailUrl).toMatch(/-thumb\.webp$/);
    // The bomb is kept whole, only to download.
    const [kept] = filesOf(event);
    expect(filesOf(event)).toHaveLength(1);
    expect(kept).toMatchObject({
      fileName: 'plan.png',
      contentType: 'application/octet-stream',
      size: bomb.length,
    });
    const served = await fetch(`${t.url}${kept!.url}`);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(Buffer.from(await served.arrayBuffer()).equals(bomb)).toBe(true);
  });

  it(`makes at most ${MAX_THUMBNAILS_PER_EMAIL} thumbnails of one email and keeps the rest as files`, async () => {
    await office();
    const image = await png('#22aa55');
    await send({
      subject: 'Lots of photos',
      text: 'Every room.',
      messageId: '<many-1@example.com>',
      attachments: Array.from({ length: 25 }, (_, n) => ({
        filename: `room-${n + 1}.png`,
        content: image,
        contentType: 'image/png',
      })),
    });
    const event = await settled('<many-1@example.com>');
    expect(event.attachments.map((shown) => shown.fileName)).toEqual(
      Array.from({ length: 20 }, (_, n) => `room-${n + 1}.png`),
    );
    expect(event.attachments.every((shown) => shown.thumbnailUrl.endsWith('-thumb.webp'))).toBe(
      true,
    );
    expect(filesOf(event).map((file) => file.fileName)).toEqual([
      'room-21.png',
      'room-22.png',
      'room-23.png',
      'room-24.png',
      'room-25.png',
    ]);
  });

  it('answers 250 with the email stored before its thumbnail is made, then announces the image', async () => {
    const { token } = await office();
    const console = await sockets.open(t.url, token);
    const heard: NewConversationAnnouncement[] = [];
    console.on(socketEvents.newConversation((await office()).office.company.id), (announced) =>
      heard.push(announced as NewConversationAnnouncement),
    );
    // The worker stops taking jobs: whatever the email needs from the queue cannot happen now.
    await t.app.queue.offWork(INBOUND_EMAIL_THUMBNAILS_QUEUE);
    const reply = await send({
      subject: 'Balcony',
      text: 'See the crack.',
      messageId: '<later-1@example.com>',
      attachments: [{ filename: 'balcony.png', content: await png(), contentType: 'image/png' }],
    });
    expect(reply).toMatch(/^250 /);
    const stored = await eventWithMessageId('<later-1@example.com>');
    expect(stored.attachments).toEqual([]);
    expect(filesOf(stored).map((file) => file.fileName)).toEqual(['balcony.png']);
    expect(stored.data.pendingThumbnails).toHaveLength(1);
    expect(await t.app.queue.getQueueSize(INBOUND_EMAIL_THUMBNAILS_QUEUE)).toBe(1);

    await startInboundThumbnailWorker(t.app.queue, {
      database: t.app.database,
      storage: t.app.services.messaging.storage,
      events: t.app.events,
      log: t.app.log,
    });
    const event = await settled('<later-1@example.com>');
    expect(event.attachments.map((shown) => shown.fileName)).toEqual(['balcony.png']);
    expect(filesOf(event)).toEqual([]);
    // Announced when it arrived and again when its image was ready.
    await expect.poll(() => heard.filter((one) => one.eventID === event.id).length).toBe(2);
  });
});
