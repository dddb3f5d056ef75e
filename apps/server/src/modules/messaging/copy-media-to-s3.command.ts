/**
 * `npm run media:to-s3`: copies the media a server kept on its local disk (`$DATA_DIR/media`) into
 * the bucket the `MEDIA_S3_*` variables name, before the servers switch to it. Objects already in
 * the bucket are left as they are (media names are random and never reused), so it is safe to run
 * again, e.g. after an interruption or once more right after the switch.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '../../config.js';
import { command } from '../../lib/run-cli.js';
import { MEDIA_KEY } from './media.storage.js';
import { createS3MediaStorage, listS3MediaKeys, s3MediaLocation } from './s3-media.storage.js';

/** Uploads at once: enough to hide the round trips, few enough for any store. */
const PARALLEL_UPLOADS = 8;

/** The media files in the folder, and how many other entries it holds; none when it is absent. */
const readFolder = async (folder: string) => {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    const media = entries.filter((entry) => entry.isFile() && MEDIA_KEY.test(entry.name));
    return { keys: media.map((entry) => entry.name), others: entries.length - media.length };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { keys: [], others: 0 };
    throw error;
  }
};

export const copyMediaToS3Command = command(async ({ env, output }) => {
  const config = loadConfig(env);
  if (!config.mediaS3) {
    throw new Error(
      'MEDIA_S3_BUCKET is not set: run this with the MEDIA_S3_* settings the servers will use.',
    );
  }
  const folder = join(config.dataDir, 'media');
  const location = s3MediaLocation(config.mediaS3);
  const target = `s3://${location.bucket}/${location.prefix ? `${location.prefix}/` : ''}`;
  try {
    output.out(`Copying ${folder} to ${target}`);
    const { keys, others } = await readFolder(folder);
    const present = await listS3MediaKeys(location);
    const missing = keys.filter((key) => !present.has(key));
    const storage = createS3MediaStorage(location);
    let copied = 0;
    const next = missing.values();
    const uploader = async () => {
      for (const key of next) {
        await storage.put(key, await readFile(join(folder, key))).catch((error: unknown) => {
          throw new Error(
            `Copying ${key} failed after ${copied} copied: ${(error as Error).message}. Run this again to go on.`,
          );
        });
        copied += 1;
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, uploader));
    output.out(
      `${copied} copied, ${keys.length - missing.length} already there, ${others} not media files (left alone).`,
    );
  } finally {
    location.client.destroy();
  }
});
