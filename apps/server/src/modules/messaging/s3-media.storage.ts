import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3MediaConfig } from '../../config.js';
import { MEDIA_KEY, type MediaStorage } from './media.storage.js';

/** A bucket and the folder in it that holds the media. */
export type S3MediaLocation = { client: S3Client; bucket: string; prefix: string };

export const createS3Client = (config: S3MediaConfig) =>
  new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: many S3-compatible stores refuse the newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

export const s3MediaLocation = (config: S3MediaConfig, client = createS3Client(config)) => ({
  client,
  bucket: config.bucket,
  prefix: config.prefix,
});

const objectKey = (prefix: string, key: string) => (prefix ? `${prefix}/${key}` : key);

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

const fetchObject = async ({ client, bucket, prefix }: S3MediaLocation, key: string) => {
  if (!MEDIA_KEY.test(key)) return null;
  try {
    return await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(prefix, key) }));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
};

/** Media in a bucket every process shares: what one process stored, any other serves. */
export const createS3MediaStorage = (location: S3MediaLocation): MediaStorage => ({
  put: async (key, bytes) => {
    if (!MEDIA_KEY.test(key)) throw new Error(`unsafe media key ${key}`);
    await location.client.send(
      new PutObjectCommand({
        Bucket: location.bucket,
        Key: objectKey(location.prefix, key),
        Body: bytes,
        ContentLength: bytes.length,
      }),
    );
  },
  get: async (key) => {
    const object = await fetchObject(location, key);
    return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
  },
  open: async (key) => {
    const object = await fetchObject(location, key);
    if (!object?.Body) return null;
    if (!(object.Body instanceof Readable)) throw new Error('expected a Node stream from S3');
    return { body: object.Body, size: object.ContentLength };
  },
  delete: async (key) => {
    if (!MEDIA_KEY.test(key)) return;
    // S3 answers a missing key's delete as a success: deleting twice is deleting once.
    await location.client.send(
      new DeleteObjectCommand({ Bucket: location.bucket, Key: objectKey(location.prefix, key) }),
    );
  },
});

/** The media keys already in the bucket's folder (names only, without the prefix). */
export const listS3MediaKeys = async ({ client, bucket, prefix }: S3MediaLocation) => {
  const keys = new Set<string>();
  const folder = prefix ? `${prefix}/` : '';
  for await (const page of paginateListObjectsV2(
    { client },
    { Bucket: bucket, Prefix: folder || undefined },
  )) {
    for (const item of page.Contents ?? []) {
      const key = item.Key?.slice(folder.length);
      if (key && MEDIA_KEY.test(key)) keys.add(key);
    }
  }
  return keys;
};
