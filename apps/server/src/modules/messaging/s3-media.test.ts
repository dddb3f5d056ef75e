import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationEvent } from '@leasing/contract';
import { openDatabase } from '../../db/client.js';
import { createLead, createOffice } from '../../test/factories.js';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';
import {
  createFreshPostgres,
  oneDatabase,
  login,
  type FreshPostgres,
  type TestApp,
} from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** The office an email with files is sent from, made through the app's own database. */
const prepareOffice = async (app: TestApp['app']) => {
  const office = await createOffice(app.database.db, {
    company: { name: 'Lakeside Rentals', registeredLeasingEmail: 'leasing@lakeside.test' },
  });
  const lead = await createLead(app.database.db, office.property, { email: 'ivy@example.com' });
  const { token } = await login(app, office.staff.credentials);
  return { lead, token, companyId: office.company.id, userId: office.staff.user.id };
};

/** Sends an email with a photo and a PDF from the composer, as the web does (multipart). */
const sendEmailWithFiles = async (
  base: string,
  office: Awaited<ReturnType<typeof prepareOffice>>,
  files: { name: string; bytes: Buffer }[],
) => {
  const form = new FormData();
  form.set('leadID', office.lead.id);
  form.set('companyID', office.companyId);
  form.set('sentByUserID', office.userId);
  form.set('subject', 'Your lease');
  form.set('text', 'Hi Ivy, your lease and a photo of the unit.');
  for (const file of files) form.append('attachments', new Blob([file.bytes]), file.name);
  const response = await fetch(`${base}/api/leads/${office.lead.id}/email`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${office.token}` },
  });
  const event = (await response.json()) as ConversationEvent;
  expect(response.status, JSON.stringify(event)).toBe(200);
  return {
    image: event.attachmentsUrls[0]!,
    file: event.data.otherAttachments![0]!,
  };
};

/** What `/media/...` answered: the headers that matter and the bytes. */
const serve = async (base: string, path: string) => {
  const response = await fetch(`${base}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    nosniff: response.headers.get('x-content-type-options'),
    length: response.headers.get('content-length'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
};

const mediaOnDisk = (dataDir: string) =>
  existsSync(join(dataDir, 'media')) ? readdirSync(join(dataDir, 'media')) : [];

describe('media in an S3 bucket (s3rver on loopback), served by /media', () => {
  let s3: FakeS3;
  const dataDir = mkdtempSync(join(tmpdir(), 's3-media-'));
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(async () => {
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const t = useTestApp(oneDatabase()[0]!, {
    listen: true,
    env: ({ url }) => ({ PUBLIC_URL: url!, DATA_DIR: dataDir, ...s3.env('media') }),
  });

  it('stores an email’s photo, its thumbnail and a PDF in the bucket and serves them as from disk', async () => {
    const photo = await png();
    const sent = await sendEmailWithFiles(t.url, await prepareOffice(t.app), [
      { name: 'lease.pdf', bytes: pdf },
      { name: 'unit 4B.png', bytes: photo },
    ]);

    const stored = (path: string) => `media/${path.replace(/^\/media\//, '')}`;
    const keys = await s3.keys();
    expect(keys).toEqual(
      expect.arrayContaining([
        stored(sent.image.url),
        stored(sent.image.thumbnailUrl),
        stored(sent.file.url),
        stored(sent.file.url).replace(/\.pdf$/, '.name'),
      ]),
    );
    expect(await s3.read(stored(sent.image.url))).toEqual(photo);
    expect(mediaOnDisk(dataDir)).toEqual([]);

    expect(await serve(t.url, sent.image.url)).toEqual({
      status: 200,
      type: 'image/png',
      disposition: null,
      nosniff: 'nosniff',
      length: String(photo.length),
      bytes: photo,
    });
    const thumbnail = await serve(t.url, sent.image.thumbnailUrl);
    expect([thumbnail.status, thumbnail.type]).toEqual([200, 'image/webp']);
    expect(await serve(t.url, sent.file.url)).toEqual({
      status: 200,
      type: 'application/pdf',
      disposition: `attachment; filename="lease.pdf"; filename*=UTF-8''lease.pdf`,
      nosniff: 'nosniff',
      length: String(pdf.length),
      bytes: pdf,
    });
  });

  it('answers 404 for media the bucket does not have', async () => {
    const missing = await fetch(`${t.url}/media/${randomBytes(24).toString('base64url')}.png`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No such media.' },
    });
    expect((await fetch(`${t.url}/media/nothing-here.pdf`)).status).toBe(404);
  });
});

const pgUrl = process.env.DATABASE_URL;
if (!pgUrl) {
  console.warn(
    'Media across two processes not run: DATABASE_URL is needed (CI sets it); the bucket is s3rver.',
  );
}

/**
 * The acceptance test: two server processes (this test's and a child `server.ts`) that
 * share only PostgreSQL and the bucket, each with its own DATA_DIR. What one stored, the other serves.
 */
describe.runIf(Boolean(pgUrl))('media across two server processes sharing a bucket', () => {
  let s3: FakeS3;
  let database: FreshPostgres;
  let two: ServerProcess;
  let oneDataDir: string;
  let twoDataDir: string;

  beforeAll(async () => {
    oneDataDir = mkdtempSync(join(tmpdir(), 's3-media-one-'));
    twoDataDir = mkdtempSync(join(tmpdir(), 's3-media-two-'));
    s3 = await startFakeS3();
    database = await createFreshPostgres(pgUrl!);
  });
  afterAll(async () => {
    await s3?.close();
    await database?.drop();
    for (const dir of [oneDataDir, twoDataDir])
      if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const one = useTestApp(
    {
      name: 'postgres',
      open: () => openDatabase({ kind: 'postgres', url: database.url, poolSize: 3 }),
    },
    { listen: true, env: () => ({ DATA_DIR: oneDataDir, ...s3.env() }) },
  );
  beforeAll(async () => {
    two = await startServerProcess({
      ...s3.env(),
      DATABASE_URL: database.url,
      DATA_DIR: twoDataDir,
    });
  });
  afterAll(() => two?.close());

  it('serves from the second process the photo and the file the first one stored', async () => {
    const photo = await png();
    const sent = await sendEmailWithFiles(one.url, await prepareOffice(one.app), [
      { name: 'Mietvertrag März.pdf', bytes: pdf },
      { name: 'unit.png', bytes: photo },
    ]);
    // Neither process kept anything on its own disk: the bucket is the only copy.
    expect([...mediaOnDisk(oneDataDir), ...mediaOnDisk(twoDataDir)]).toEqual([]);

    const image = await serve(two.url, sent.image.url);
    expect([image.status, image.type, image.nosniff]).toEqual([200, 'image/png', 'nosniff']);
    expect(image.bytes).toEqual(photo);
    expect((await serve(two.url, sent.image.thumbnailUrl)).status).toBe(200);
    const file = await serve(two.url, sent.file.url);
    expect([file.status, file.type, file.nosniff]).toEqual([200, 'application/pdf', 'nosniff']);
    expect(file.disposition).toBe(
      `attachment; filename="Mietvertrag M_rz.pdf"; filename*=UTF-8''Mietvertrag%20M%C3%A4rz.pdf`,
    );
    expect(file.bytes).toEqual(pdf);
  });
});
