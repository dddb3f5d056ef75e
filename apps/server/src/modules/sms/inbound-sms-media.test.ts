import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { UnmatchedMessagePage } from '@leasing/contract';
import { conversationEvents } from '../../db/schema/index.js';
import { pngBomb } from '../../test/image-bomb.js';
import { bearer, oneDatabase } from '../../test/test-app.js';
import {
  newMessageSid,
  openConsole,
  SHARED_NUMBER,
  startInboundApp,
  text,
  unmatchedBySid,
  type InboundTestApp,
} from './test-support.js';

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 30, height: 40, channels: 3, background: '#ff6633' } })
    .jpeg()
    .toBuffer();

describe.each(oneDatabase())('inbound MMS media on $name', (target) => {
  let t: InboundTestApp;
  beforeAll(async () => {
    t = await startInboundApp(target);
  });
  afterAll(() => t.stop());

  const eventById = async (id: string) =>
    (
      await t.app.database.db.select().from(conversationEvents).where(eq(conversationEvents.id, id))
    )[0]!;
  const served = async (path: string) => {
    const response = await t.app.inject({ method: 'GET', url: path });
    expect(response.statusCode, path).toBe(200);
    return { type: response.headers['content-type'], bytes: response.rawPayload };
  };
  const basicAuth = () =>
    `Basic ${Buffer.from(`${t.fake.accountSid}:${t.fake.authToken}`).toString('base64')}`;

  it('fetches both images of an MMS with Basic auth, in order, and serves them with thumbnails', async () => {
    const ava = t.world.ava;
    const sid = newMessageSid();
    const pngBytes = await png();
    const media = [
      {
        url: t.fake.addMedia(sid, { bytes: pngBytes, contentType: 'image/png' }),
        contentType: 'image/png',
      },
      {
        url: t.fake.addMedia(sid, { bytes: await jpeg(), contentType: 'image/jpeg' }),
        contentType: 'image/jpeg',
      },
    ];
    const started = Date.now();
    const { event, response } = await text(t, ava.phone!, SHARED_NUMBER, 'The leak again', {
      sid,
      media,
    });
    expect(response.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(event).toMatchObject({ leadId: ava.id, body: 'The leak again' });

    await expect
      .poll(async () => (await eventById(event!.id)).attachments.length, { timeout: 10_000 })
      .toBe(2);
    const landed = await eventById(event!.id);
    expect(landed.data.pendingMedia).toBeUndefined();
    expect(landed.attachments.map((attachment) => attachment.fileName)).toEqual([
      'photo-1.png',
      'photo-2.jpg',
    ]);
    const [first, second] = landed.attachments;
    const original = await served(first!.url);
    expect(original.type).toBe('image/png');
    expect(original.bytes.equals(pngBytes)).toBe(true);
    expect((await served(second!.url)).type).toBe('image/jpeg');
    for (const attachment of landed.attachments) {
      const thumbnail = await served(attachment.thumbnailUrl);
      expect((await sharp(thumbnail.bytes).metadata()).format).toBe('webp');
    }

    const asked = t.fake.mediaRequests.filter((request) => request.path.includes(sid));
    expect(asked).toHaveLength(2);
    expect(asked.every((request) => request.authorization === basicAuth())).toBe(true);
    // Twilio redirects to the file; the redirect was followed.
    expect(
      t.fake.mediaRequests.filter((request) => request.path.startsWith('/media-files/')),
    ).not.toHaveLength(0);
  });

  it('keeps the message at once when a media fetch fails, and attaches the image after a retry, announcing it', async () => {
    const console = await openConsole(t);
    try {
      const liam = t.world.liam;
      const sid = newMessageSid();
      const url = t.fake.addMedia(sid, {
        bytes: await png(),
        contentType: 'image/png',
        failures: 1,
      });
      const { event } = await text(t, liam.phone!, SHARED_NUMBER, '', {
        sid,
        media: [{ url, contentType: 'image/png' }],
      });
      expect(event).toMatchObject({ leadId: liam.id, body: null, attachments: [] });
      expect(event!.data.pendingMedia).toEqual([{ index: 0, url, contentType: 'image/png' }]);

      await expect
        .poll(async () => (await eventById(event!.id)).attachments.length, { timeout: 20_000 })
        .toBe(1);
      expect((await eventById(event!.id)).data.pendingMedia).toBeUndefined();
      expect(
        t.fake.mediaRequests.filter((request) => request.path === new URL(url).pathname).length,
      ).toBeGreaterThanOrEqual(2);
      // Announced when it arrived and again when its image landed.
      await expect
        .poll(() => console.heard.filter((heard) => heard.eventID === event!.id).length)
        .toBe(2);
    } finally {
      console.close();
    }
  }, 30_000);

  it('stores a file that is no image (a vCard, a PDF) for download, named and typed by its bytes', async () => {
    const ava = t.world.ava;
    const sid = newMessageSid();
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Ava Thompson\nEND:VCARD\n';
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    const card = t.fake.addMedia(sid, { bytes: Buffer.from(vcard), contentType: 'text/vcard' });
    // Twilio's claim says nothing about what the bytes are.
    const lease = t.fake.addMedia(sid, { bytes: pdf, contentType: 'image/jpeg' });
    const { event } = await text(t, ava.phone!, SHARED_NUMBER, 'My contact', {
      sid,
      media: [
        { url: card, contentType: 'text/vcard' },
        { url: lease, contentType: 'image/jpeg' },
      ],
    });
    await expect
      .poll(async () => (await eventById(event!.id)).data.pendingMedia, { timeout: 10_000 })
      .toBeUndefined();
    const settled = await eventById(event!.id);
    expect(settled.attachments).toEqual([]);
    const files = settled.data.otherAttachments as {
      url: string;
      fileName: string;
      contentType: string;
      size: number;
    }[];
    expect(
      files.map(({ fileName, contentType, size }) => ({ fileName, contentType, size })),
    ).toEqual([
      { fileName: 'file-1.vcf', contentType: 'application/octet-stream', size: vcard.length },
      { fileName: 'file-2.pdf', contentType: 'application/pdf', size: pdf.length },
    ]);
    const served = await t.app.inject({ method: 'GET', url: files[1]!.url });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="file-2.pdf"/);
    expect(served.rawPayload.equals(pdf)).toBe(true);
  });

  it('keeps an MMS image bomb as a file without decoding it, beside a photo shown as an image', async () => {
    const ava = t.world.ava;
    const sid = newMessageSid();
    const bomb = pngBomb(10_000);
    const media = [
      {
        url: t.fake.addMedia(sid, { bytes: bomb, contentType: 'image/png' }),
        contentType: 'image/png',
      },
      {
        url: t.fake.addMedia(sid, { bytes: await jpeg(), contentType: 'image/jpeg' }),
        contentType: 'image/jpeg',
      },
    ];
    const { event } = await text(t, ava.phone!, SHARED_NUMBER, 'Plan and photo', { sid, media });
    await expect
      .poll(async () => (await eventById(event!.id)).data.pendingMedia, { timeout: 10_000 })
      .toBeUndefined();
    const settled = await eventById(event!.id);
    expect(settled.attachments.map((image) => image.fileName)).toEqual(['photo-2.jpg']);
    const files = settled.data.otherAttachments as { fileName: string; size: number }[];
    expect(files.map(({ fileName, size }) => ({ fileName, size }))).toEqual([
      { fileName: 'file-1.png', size: bomb.length },
    ]);
  });

  it("attaches a stranger's MMS to the unmatched text", async () => {
    const sid = newMessageSid();
    const url = t.fake.addMedia(sid, { bytes: await jpeg(), contentType: 'image/jpeg' });
    await text(t, '+15125550444', SHARED_NUMBER, 'Found this flyer', {
      sid,
      media: [{ url, contentType: 'image/jpeg' }],
    });
    const [row] = await unmatchedBySid(t, sid);
    await expect
      .poll(async () => (await unmatchedBySid(t, sid))[0]!.attachments.length, { timeout: 10_000 })
      .toBe(1);
    const page = (
      await t.app.inject({
        method: 'GET',
        url: '/api/unmatched-messages',
        headers: bearer(t.token),
      })
    ).json<UnmatchedMessagePage>();
    const listed = page.items.find((item) => item._id === row!.id)!;
    expect(listed.attachmentsUrls).toHaveLength(1);
    expect((await served(listed.attachmentsUrls[0]!.url)).type).toBe('image/jpeg');
  });
});
