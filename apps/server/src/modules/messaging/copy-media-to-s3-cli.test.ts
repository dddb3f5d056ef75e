import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../../lib/paths.js';
import { runBin, runCommandInProcess } from '../../test/cli.js';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3.js';
import { copyMediaToS3Command } from './copy-media-to-s3.command.js';

const BIN = join(serverRoot, 'src/modules/messaging/copy-media-to-s3-cli.ts');

/** The command, run in this process, configured only by the environment. */
const runCli = (env: Record<string, string | undefined>) =>
  runCommandInProcess(copyMediaToS3Command, [], env);

describe('npm run media:to-s3', () => {
  let s3: FakeS3;
  const dataDir = mkdtempSync(join(tmpdir(), 'media-to-s3-'));
  const media = join(dataDir, 'media');
  const files = {
    'photo_1.png': Buffer.from('png bytes'),
    'photo_1-thumb.webp': Buffer.from('webp bytes'),
    'lease.pdf': Buffer.from('%PDF-1.4 local'),
    'lease.name': Buffer.from('Lease 4B.pdf'),
  };
  beforeAll(async () => {
    s3 = await startFakeS3();
    mkdirSync(join(media, 'not-a-file'), { recursive: true });
    for (const [name, bytes] of Object.entries(files)) writeFileSync(join(media, name), bytes);
    writeFileSync(join(media, 'notes.txt~'), 'an editor backup, not media');
  });
  afterAll(async () => {
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every media file into the bucket, skips what is there, and does nothing more the second time', async () => {
    // Already copied by an earlier, interrupted run: left as it is.
    await s3.write('media/lease.pdf', Buffer.from('%PDF-1.4 in the bucket'));

    // The bin, as an operator runs it in a process of its own.
    const first = await runBin(BIN, [], { DATA_DIR: dataDir, ...s3.env('media') });
    expect(first, first.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toBe(
      `Copying ${media} to s3://${s3.bucket}/media/\n` +
        '3 copied, 1 already there, 2 not media files (left alone).\n',
    );
    expect(await s3.keys()).toEqual(
      ['lease.name', 'lease.pdf', 'photo_1-thumb.webp', 'photo_1.png'].map((key) => `media/${key}`),
    );
    expect(await s3.read('media/photo_1.png')).toEqual(files['photo_1.png']);
    expect(await s3.read('media/lease.name')).toEqual(files['lease.name']);
    expect(await s3.read('media/lease.pdf')).toEqual(Buffer.from('%PDF-1.4 in the bucket'));

    const again = await runCli({ DATA_DIR: dataDir, ...s3.env('media') });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('0 copied, 4 already there, 2 not media files (left alone).');
    expect(await s3.keys()).toHaveLength(4);
  }, 120_000);

  it('says so when there is no bucket configured, or no media folder', async () => {
    const unset = await runCli({ DATA_DIR: dataDir, MEDIA_S3_BUCKET: '' });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain('MEDIA_S3_BUCKET is not set');

    const empty = mkdtempSync(join(tmpdir(), 'media-to-s3-empty-'));
    try {
      const nothing = await runCli({ DATA_DIR: empty, ...s3.env('elsewhere') });
      expect(nothing.code).toBe(0);
      expect(nothing.stdout).toContain('0 copied, 0 already there, 0 not media files');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 120_000);
});
