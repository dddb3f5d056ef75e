import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where uploaded media lives; an object-storage implementation can replace the local one. */
export type MediaStorage = {
  put: (key: string, bytes: Buffer) => Promise<void>;
  /** Null when there is no such object. */
  get: (key: string) => Promise<Buffer | null>;
};

const SAFE_KEY = /^[A-Za-z0-9_-]+\.[a-z0-9]+$/;

export const createLocalMediaStorage = (folder: string): MediaStorage => {
  const ready = mkdir(folder, { recursive: true });
  return {
    put: async (key, bytes) => {
      if (!SAFE_KEY.test(key)) throw new Error(`unsafe media key ${key}`);
      await ready;
      await writeFile(join(folder, key), bytes);
    },
    get: async (key) => {
      if (!SAFE_KEY.test(key)) return null;
      try {
        return await readFile(join(folder, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
};
