import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import sharp from 'sharp';
import { MAX_ATTACHMENTS, MAX_ATTACHMENTS_TOTAL_BYTES, type Attachment } from '@leasing/contract';
import { badRequest } from '../../lib/errors.js';
import type { MediaStorage } from './media.storage.js';

export type UploadedFile = { fileName: string; bytes: Buffer };

/** What sharp reads from the bytes → the extensions a file of that format may carry. */
const ACCEPTED_FORMATS: Record<
  string,
  { extensions: string[]; contentType: string; extension: string }
> = {
  png: { extensions: ['.png'], contentType: 'image/png', extension: 'png' },
  jpeg: { extensions: ['.jpg', '.jpeg', '.jfif'], contentType: 'image/jpeg', extension: 'jpg' },
  gif: { extensions: ['.gif'], contentType: 'image/gif', extension: 'gif' },
  webp: { extensions: ['.webp'], contentType: 'image/webp', extension: 'webp' },
};

export const MEDIA_CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * Files kept for download, by extension: the content type they are served with. Anything not
 * listed (HTML, SVG, XML, scripts, unknown types) is stored as `.bin` and served as
 * application/octet-stream, so no browser ever runs or renders it from our origin.
 */
export const FILE_CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  zip: 'application/zip',
  bin: 'application/octet-stream',
};

/** The stored file's original name sits beside it, for the download's Content-Disposition. */
export const fileNameKey = (file: string) => `${file.replace(/\.[a-z0-9]+$/, '')}.name`;

/** A file a lead sent that is not an image we show: kept as it came, offered for download. */
export type StoredFile = { url: string; fileName: string; contentType: string; size: number };

export const storeInboundFile = async (
  storage: MediaStorage,
  bytes: Buffer,
  suggestedName: string | undefined,
): Promise<StoredFile> => {
  const fileName =
    [...(suggestedName ?? '')]
      .filter((char) => char.charCodeAt(0) >= 0x20 && char !== '\u007f' && !'/\\'.includes(char))
      .join('')
      .trim() || 'attachment';
  const named = extname(fileName).slice(1).toLowerCase();
  const extension = named in FILE_CONTENT_TYPES ? named : 'bin';
  const key = randomBytes(24).toString('base64url');
  await storage.put(`${key}.${extension}`, bytes);
  await storage.put(`${key}.name`, Buffer.from(fileName, 'utf8'));
  return {
    url: `/media/${key}.${extension}`,
    fileName,
    contentType: FILE_CONTENT_TYPES[extension]!.replace(/;.*$/, ''),
    size: bytes.length,
  };
};

/** Whether sharp can decode the whole image, not only read its header. */
const decodes = (bytes: Buffer) =>
  sharp(bytes, { animated: false })
    .stats()
    .then(
      () => true,
      () => false,
    );

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type CheckedImage = UploadedFile & { extension: string };

/**
 * Attachments are judged by their bytes, not their names: PNG, JPEG, GIF and WebP only, named for
 * what they are, at most 10 and 5 MB together (Twilio's limits for one MMS).
 */
export const checkImages = async (files: UploadedFile[]): Promise<CheckedImage[]> => {
  if (files.length > MAX_ATTACHMENTS) {
    throw badRequest(
      'body.attachments',
      `at most ${MAX_ATTACHMENTS} images per message (got ${files.length})`,
    );
  }
  const total = files.reduce((sum, file) => sum + file.bytes.length, 0);
  if (total > MAX_ATTACHMENTS_TOTAL_BYTES) {
    throw badRequest(
      'body.attachments',
      `at most ${megabytes(MAX_ATTACHMENTS_TOTAL_BYTES)} in all per message (got ${megabytes(total)})`,
    );
  }
  const checked: CheckedImage[] = [];
  for (const file of files) {
    const format = await sharp(file.bytes)
      .metadata()
      .then((metadata) => metadata.format as string)
      .catch(() => undefined);
    const accepted = format ? ACCEPTED_FORMATS[format] : undefined;
    if (!accepted) {
      throw badRequest(
        'body.attachments',
        `${file.fileName} is not a PNG, JPEG, GIF or WebP image${format ? ` (it is ${format.toUpperCase()})` : ''}`,
      );
    }
    if (!(await decodes(file.bytes))) {
      throw badRequest(
        'body.attachments',
        `${file.fileName} is a damaged ${format!.toUpperCase()} image that cannot be read`,
      );
    }
    if (!accepted.extensions.includes(extname(file.fileName).toLowerCase())) {
      throw badRequest(
        'body.attachments',
        `${file.fileName} holds a ${format!.toUpperCase()} image; its name says otherwise`,
      );
    }
    checked.push({ ...file, extension: accepted.extension });
  }
  return checked;
};

/** Stores each image and a WebP thumbnail under unguessable names; answers their public paths. */
export const storeImages = async (
  storage: MediaStorage,
  images: CheckedImage[],
): Promise<Attachment[]> =>
  Promise.all(
    images.map(async (image) => {
      const key = randomBytes(24).toString('base64url');
      const thumbnail = await sharp(image.bytes, { animated: false })
        .rotate()
        .resize(320, 320, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
      await storage.put(`${key}.${image.extension}`, image.bytes);
      await storage.put(`${key}-thumb.webp`, thumbnail);
      return {
        url: `/media/${key}.${image.extension}`,
        thumbnailUrl: `/media/${key}-thumb.webp`,
        fileName: image.fileName,
      };
    }),
  );

/**
 * Stores one image received from a lead (MMS media, an email attachment): judged by its bytes and
 * named for what it is, whatever it was called. Answers undefined for anything that is not a PNG,
 * JPEG, GIF or WebP image that decodes; the caller keeps such files with `storeInboundFile`.
 */
export const storeInboundImage = async (
  storage: MediaStorage,
  bytes: Buffer,
  suggestedName: string | undefined,
): Promise<Attachment | undefined> => {
  const format = await sharp(bytes)
    .metadata()
    .then((metadata) => metadata.format as string)
    .catch(() => undefined);
  const accepted = format ? ACCEPTED_FORMATS[format] : undefined;
  if (!accepted || !(await decodes(bytes))) return undefined;
  const base = (suggestedName ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\w .-]+/g, '')
    .trim();
  const fileName = `${base || 'image'}.${accepted.extension}`;
  const [attachment] = await storeImages(storage, [
    { fileName, bytes, extension: accepted.extension },
  ]);
  return attachment;
};
