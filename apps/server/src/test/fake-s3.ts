import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { loadConfig } from '../config.js';
import { createS3Client } from '../modules/messaging/index.js';

/** s3rver checks request signatures against these credentials. */
const ACCESS_KEY = 'S3RVER';

export type FakeS3 = {
  url: string;
  bucket: string;
  /** The `MEDIA_S3_*` settings that point the app at this bucket, in the folder `prefix`. */
  env: (prefix?: string) => Record<string, string>;
  /** Every object key in the bucket, sorted. */
  keys: () => Promise<string[]>;
  /** An object's bytes, read straight from the bucket; null when there is none. */
  read: (key: string) => Promise<Buffer | null>;
  /** Writes an object straight into the bucket. */
  write: (key: string, bytes: Buffer) => Promise<void>;
  close: () => Promise<void>;
};

/** A loopback S3-compatible server (s3rver) with one empty bucket, its files in a temp folder. */
export const startFakeS3 = async (bucket = 'leasing-media'): Promise<FakeS3> => {
  const directory = await mkdtemp(join(tmpdir(), 'fake-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}`;
  const env = (prefix = '') => ({
    MEDIA_S3_BUCKET: bucket,
    MEDIA_S3_ENDPOINT: url,
    MEDIA_S3_FORCE_PATH_STYLE: 'true',
    MEDIA_S3_ACCESS_KEY_ID: ACCESS_KEY,
    MEDIA_S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    ...(prefix ? { MEDIA_S3_PREFIX: prefix } : {}),
  });
  const client = createS3Client(loadConfig(env()).mediaS3!);
  return {
    url,
    bucket,
    env,
    keys: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((item) => item.Key!).sort();
    },
    read: async (key) => {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    write: async (key, bytes) => {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
    },
    close: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};
