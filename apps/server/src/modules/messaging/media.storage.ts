import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** An object's bytes as a stream, for serving without holding the whole file in memory. */
export type MediaObject = { body: Readable; size: number | undefined };

/**
 * Where uploaded and inbound media lives: the local disk (`createLocalMediaStorage`), or an
 * S3-compatible bucket that every process shares (`createS3MediaStorage`).
 */
export type MediaStorage = {
  put: (key: string, bytes: Buffer) => Promise<void>;
  /** Null when there is no such object. */
  get: (key: string) => Promise<Buffer | null>;
  /** The object as a stream; null when there is no such object. */
  open: (key: string) => Promise<MediaObject | null>;
  /** Deletes the object; one that is not there is gone already. */
  delete: (key: string) => Promise<void>;
};

/** The names media is stored under (`<random>.png`, `<random>-thumb.webp`, `<random>.name`). */
export const MEDIA_KEY = /^[A-Za-z0-9_-]+\.[a-z0-9]+$/;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export const createLocalMediaStorage = (folder: string): MediaStorage => {
  const ready = mkdir(folder, { recursive: true });
  return {
    put: async (key, bytes) => {
      if (!MEDIA_KEY.test(key)) throw new Error(`unsafe media key ${key}`);
      await ready;
      await writeFile(join(folder, key), bytes);
    },
    get: async (key) => {
      if (!MEDIA_KEY.test(key)) return null;
      try {
        return await readFile(join(folder, key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    open: async (key) => {
      if (!MEDIA_KEY.test(key)) return null;
      let file;
      try {
        file = await open(join(folder, key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const { size } = await file.stat();
        return { body: file.createReadStream(), size };
      } catch (error) {
        await file.close();
        throw error;
      }
    },
    delete: async (key) => {
      if (!MEDIA_KEY.test(key)) return;
      await rm(join(folder, key), { force: true });
    },
  };
};
