import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import twilio from 'twilio';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationEvents, type PropertyRow } from '../../db/schema/index.js';
import { createOffice, uniquePhone } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';
import { isPublicAddress } from '../../lib/public-network.js';

const ACCOUNT_SID = `AC${randomBytes(16).toString('hex')}`;
const AUTH_TOKEN = randomBytes(16).toString('hex');
const PUBLIC_URL = 'http://localhost:3000';
const WEBHOOK_PATH = '/webhooks/twilio/inbound';
/** The job's hard cap on one file. */
const MAX_MEDIA_BYTES = 20 * 1024 * 1024;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#3366ff' } })
  .png()
  .toBuffer();

/** Somewhere a webhook must never make us fetch from: it records every request it gets. */
const elsewhereRequests: string[] = [];
const elsewhere = createServer((request, response) => {
  elsewhereRequests.push(request.url ?? '');
  response.writeHead(200, { 'content-type': 'image/png' }).end(png);
});
const elsewhereUrl = await listen(elsewhere);

/** How an endless file went: bytes written before the reader hung up, and whether it did. */
const endless = { written: 0, abortedByReader: false };

/**
 * The configured TWILIO_API_URL: serves an image, redirects to its own files (as Twilio does),
 * redirects elsewhere, and serves a file that never ends.
 */
const api = createServer((request, response) => {
  const path = request.url ?? '';
  if (path === '/media/ok' || path === '/files/ok') {
    response.writeHead(200, { 'content-type': 'image/png' }).end(png);
  } else if (path === '/media/redirect-home') {
    response.writeHead(307, { location: '/files/ok' }).end();
  } else if (path === '/media/redirect-elsewhere') {
    response.writeHead(307, { location: `${elsewhereUrl}/stolen` }).end();
  } else if (path === '/media/redirect-metadata') {
    response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
  } else if (path === '/media/endless') {
    // No content-length: only reading tells how big it is. Stops at three times the cap so a
    // reader that buffers everything ends too (and the test can tell it did).
    response.writeHead(200, { 'content-type': 'image/png' });
    endless.written = 0;
    endless.abortedByReader = false;
    const chunk = Buffer.alloc(256 * 1024, 1);
    const limit = 3 * MAX_MEDIA_BYTES;
    response.on('close', () => {
      if (!response.writableFinished) endless.abortedByReader = true;
    });
    const pump = () => {
      while (endless.written < limit) {
        endless.written += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
      response.end();
    };
    pump();
  } else {
    response.writeHead(404).end();
  }
});
const apiUrl = await listen(api);

afterAll(async () => {
  await close(api);
  await close(elsewhere);
});

describe('which addresses media may come from', () => {
  it('refuses private, loopback and link-local addresses, and takes public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['54.172.60.1', '8.8.8.8', '2600:1f18::1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe.each(oneDatabase())('MMS media download guard ($name)', (target) => {
  const t = useTestApp(target, {
    seed: 'none',
    env: {
      PUBLIC_URL,
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: '+15125550000',
      TWILIO_API_URL: apiUrl,
    },
  });
  let property: PropertyRow;
  beforeAll(async () => {
    ({ property } = await createOffice(t.db, { property: { smsNumber: uniquePhone() } }));
  });

  /** An MMS from a lead to the property's number, signed as Twilio signs it; its stored event. */
  const mms = async (body: string, mediaUrl: string) => {
    const sid = `MM${randomBytes(16).toString('hex')}`;
    const form: Record<string, string> = {
      MessageSid: sid,
      AccountSid: ACCOUNT_SID,
      From: uniquePhone(),
      To: property.smsNumber!,
      Body: body,
      NumMedia: '1',
      MediaUrl0: mediaUrl,
      MediaContentType0: 'image/png',
    };
    const signature = twilio.getExpectedTwilioSignature(
      AUTH_TOKEN,
      `${PUBLIC_URL}${WEBHOOK_PATH}`,
      form,
    );
    const response = await t.request('POST', WEBHOOK_PATH, {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature,
      },
      payload: new URLSearchParams(form).toString(),
    });
    expect(response.status, response.text).toBe(200);
    const [event] = await t.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.providerMessageId, sid));
    expect(event?.body).toBe(body);
    return event!;
  };

  /** The event once its media settled (landed, or recorded as not downloaded). */
  const settled = async (id: string) => {
    const read = async () =>
      (await t.db.select().from(conversationEvents).where(eq(conversationEvents.id, id)))[0]!;
    await expect
      .poll(async () => (await read()).data.pendingMedia, { timeout: 20_000 })
      .toBe(undefined);
    return read();
  };

  const failedReasons = (event: { data: Record<string, unknown> }) =>
    ((event.data.failedMedia ?? []) as { reason: string }[]).map((media) => media.reason);

  it('fetches media from the Twilio API, following its redirect to its own files', async () => {
    const direct = await settled((await mms('Direct', `${apiUrl}/media/ok`)).id);
    expect(direct.attachments).toHaveLength(1);
    const redirected = await settled((await mms('Redirected', `${apiUrl}/media/redirect-home`)).id);
    expect(redirected.attachments).toHaveLength(1);
    expect(redirected.body).toBe('Redirected');
  });

  it('fetches nothing from a host that is not Twilio, and keeps the message', async () => {
    const before = elsewhereRequests.length;
    const event = await settled((await mms('See photo', `${elsewhereUrl}/internal/secret`)).id);
    expect(elsewhereRequests.length, 'requests the other server got').toBe(before);
    expect(event.body).toBe('See photo');
    expect(event.attachments).toEqual([]);
    expect(failedReasons(event)).toEqual([expect.stringMatching(/not allowed/i)]);
  });

  it('does not follow a redirect off the Twilio API', async () => {
    const before = elsewhereRequests.length;
    const event = await settled((await mms('Redirect', `${apiUrl}/media/redirect-elsewhere`)).id);
    expect(elsewhereRequests.length, 'requests the other server got').toBe(before);
    expect(event.attachments).toEqual([]);
    expect(failedReasons(event)).toEqual([expect.stringMatching(/redirect/i)]);

    const metadata = await settled((await mms('Metadata', `${apiUrl}/media/redirect-metadata`)).id);
    expect(metadata.body).toBe('Metadata');
    expect(failedReasons(metadata)).toEqual([expect.stringMatching(/redirect/i)]);
  });

  it('stops reading a file at the size cap instead of buffering all of it', async () => {
    const event = await settled((await mms('Big one', `${apiUrl}/media/endless`)).id);
    expect(event.body).toBe('Big one');
    expect(event.attachments).toEqual([]);
    expect(failedReasons(event)).toEqual([expect.stringMatching(/larger than 20 MB/)]);
    await expect
      .poll(() => endless.abortedByReader, { message: 'the reader hung up before the end' })
      .toBe(true);
    // Socket buffers let a few megabytes more out before the hang-up reaches the writer.
    expect(endless.written).toBeLessThan(MAX_MEDIA_BYTES + 8 * 1024 * 1024);
  });
});
