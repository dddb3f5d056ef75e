import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3.js';
import { createLocalMediaStorage, type MediaStorage } from './media.storage.js';
import { createS3MediaStorage, listS3MediaKeys, s3MediaLocation } from './s3-media.storage.js';

let s3: FakeS3;
const folder = mkdtempSync(join(tmpdir(), 'media-storage-'));
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3.close();
  rmSync(folder, { recursive: true, force: true });
});

const location = (prefix = '') => s3MediaLocation(loadConfig(s3.env(prefix)).mediaS3!);

const storages: [string, () => MediaStorage][] = [
  ['local disk', () => createLocalMediaStorage(folder)],
  ['S3 bucket', () => createS3MediaStorage(location())],
];

describe.each(storages)('media storage on the %s', (_name, create) => {
  const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

  it('gives back what was put, whole or as a stream with its size', async () => {
    const storage = create();
    await storage.put('abc_DEF-1.png', bytes);
    expect(await storage.get('abc_DEF-1.png')).toEqual(bytes);
    const object = await storage.open('abc_DEF-1.png');
    expect(object?.size).toBe(bytes.length);
    expect(await buffer(object!.body)).toEqual(bytes);
  });

  it('answers null for a missing object and for a name that is not a media key', async () => {
    const storage = create();
    expect(await storage.get('never-stored.png')).toBeNull();
    expect(await storage.open('never-stored.png')).toBeNull();
    expect(await storage.get('../secret.png')).toBeNull();
    await expect(storage.put('../escape.png', bytes)).rejects.toThrow(/unsafe media key/);
  });
});

describe('media storage on an S3 bucket', () => {
  it('keeps media in the folder MEDIA_S3_PREFIX names, and lists only that folder', async () => {
    const inFolder = createS3MediaStorage(location('tenants/acme/'));
    await inFolder.put('in-folder.pdf', Buffer.from('%PDF-1.4'));
    await inFolder.put('in-folder.name', Buffer.from('lease.pdf'));
    expect(await s3.read('tenants/acme/in-folder.pdf')).toEqual(Buffer.from('%PDF-1.4'));
    expect(await s3.read('in-folder.pdf')).toBeNull();
    // Another folder of the same bucket sees none of it.
    expect(await createS3MediaStorage(location('other')).get('in-folder.pdf')).toBeNull();
    expect([...(await listS3MediaKeys(location('tenants/acme')))].sort()).toEqual([
      'in-folder.name',
      'in-folder.pdf',
    ]);
  });
});
