import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import sharp from 'sharp';
import {
  EMAIL_FILE_TYPES,
  EMAIL_TYPE_REASON,
  MAX_ATTACHMENTS,
  MAX_EMAIL_ATTACHMENTS,
  MAX_EMAIL_ATTACHMENTS_TOTAL_BYTES,
  MAX_ATTACHMENTS_TOTAL_BYTES,
  SMS_NOT_AN_IMAGE_REASON,
  type Attachment,
  type FileAttachment,
} from '@leasing/contract';
import {
  detectFileType,
  isEmailFileExtension,
  safeFileName,
  type StoredExtension,
} from './file-type.js';
import { attachmentsRefused, refusalsOverLimits, type FileRefusal } from './attachment-refusal.js';
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
  ...Object.fromEntries(
    Object.entries(EMAIL_FILE_TYPES)
      .filter(([extension]) => !(extension in MEDIA_CONTENT_TYPES))
      .map(([extension, type]) => [
        extension,
        type.contentType.startsWith('text/')
          ? `${type.contentType}; charset=utf-8`
          : type.contentType,
      ]),
  ),
  zip: 'application/zip',
  /** A calendar invitation we make (a tour's); a lead's own .ics is kept as bytes (`bin`). */
  ics: 'text/calendar; charset=utf-8',
  bin: 'application/octet-stream',
};

/** The stored file's original name sits beside it, for the download's Content-Disposition. */
export const fileNameKey = (file: string) => `${file.replace(/\.[a-z0-9]+$/, '')}.name`;

/** A file offered for download (not an image we show): its type is what its bytes are. */
export type StoredFile = FileAttachment;

/**
 * Stores a file for download under an unguessable name, typed by its bytes: an image is stored
 * as `.bin` here (it is one that could not be shown, so it is never served inline).
 */
const storeFile = async (
  storage: MediaStorage,
  bytes: Buffer,
  fileName: string,
  detected: StoredExtension | 'ics',
): Promise<StoredFile> => {
  const extension = detected in FILE_CONTENT_TYPES ? detected : 'bin';
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

/**
 * A file the console makes itself and attaches to an email (a tour's calendar invitation): stored
 * like a staff member's file, so the timeline offers it for download and the send worker attaches
 * it from storage.
 */
export const storeGeneratedFile = (
  storage: MediaStorage,
  bytes: Buffer,
  fileName: string,
  extension: 'ics',
): Promise<StoredFile> => storeFile(storage, bytes, fileName, extension);

/** A file a lead sent that is not an image we show: kept as it came, offered for download. */
export const storeInboundFile = async (
  storage: MediaStorage,
  bytes: Buffer,
  suggestedName: string | undefined,
): Promise<StoredFile> => {
  const detected = await detectFileType(bytes, suggestedName ?? '');
  return storeFile(storage, bytes, safeFileName(suggestedName, detected), detected);
};

/** Whether a file's signature says PNG, JPEG, GIF or WebP (nothing is decoded). */
export const looksLikeImage = async (bytes: Buffer, fileName: string | undefined) =>
  (await detectFileType(bytes, fileName ?? '')) in MEDIA_CONTENT_TYPES;

/**
 * The largest image we decode, in pixels (width × height of its first frame): an 8 × 5 k photo.
 * A few kilobytes of PNG can claim 100 000² pixels; sharp refuses past this before decoding.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

type CheckedImage = UploadedFile & { extension: string; thumbnail: Buffer };

/**
 * The image's format and size from its header alone (nothing is decoded); undefined when it is
 * no image sharp knows.
 */
const imageHeaderOf = (bytes: Buffer) =>
  sharp(bytes)
    .metadata()
    .then((metadata) => ({
      format: metadata.format as string,
      pixels: (metadata.width ?? 0) * (metadata.height ?? 0),
    }))
    .catch(() => undefined);

/**
 * The one decode of an image: its WebP thumbnail, or undefined when the image cannot be read
 * whole (damaged) or claims more than MAX_IMAGE_PIXELS.
 */
const thumbnailOf = (bytes: Buffer) =>
  sharp(bytes, { animated: false, limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize(320, 320, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer()
    .catch(() => undefined);

const tooLarge = (format: string) =>
  `a ${format.toUpperCase()} image larger than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;

/** Why this file cannot go as a staff member's image, or (when it can) its extension and thumbnail. */
const judgeImage = async (
  file: UploadedFile,
  notAnImage: string,
): Promise<{ reason: string } | { extension: string; thumbnail: Buffer }> => {
  const header = await imageHeaderOf(file.bytes);
  const format = header?.format;
  const accepted = format ? ACCEPTED_FORMATS[format] : undefined;
  if (!header || !format || !accepted) {
    return {
      reason: `${notAnImage} (it is not a PNG, JPEG, GIF or WebP image${format ? `: it is ${format.toUpperCase()}` : ''})`,
    };
  }
  if (header.pixels > MAX_IMAGE_PIXELS) return { reason: tooLarge(format) };
  const thumbnail = await thumbnailOf(file.bytes);
  if (!thumbnail) return { reason: `a damaged ${format.toUpperCase()} image that cannot be read` };
  if (!accepted.extensions.includes(extname(file.fileName).toLowerCase())) {
    return { reason: `holds a ${format.toUpperCase()} image; its name says otherwise` };
  }
  return { extension: accepted.extension, thumbnail };
};

/**
 * A text's attachments are judged by their bytes, not their names: PNG, JPEG, GIF and WebP only,
 * named for what they are, at most 10 and 5 MB together (Twilio's limits for one MMS). Every
 * refused file is named in one 400.
 */
export const checkImages = async (files: UploadedFile[]): Promise<CheckedImage[]> => {
  const refusals: FileRefusal[] = refusalsOverLimits(files, {
    maxCount: MAX_ATTACHMENTS,
    maxBytes: MAX_ATTACHMENTS_TOTAL_BYTES,
    noun: 'text',
  });
  const checked: CheckedImage[] = [];
  for (const file of files) {
    const verdict = await judgeImage(file, SMS_NOT_AN_IMAGE_REASON);
    if ('reason' in verdict) refusals.push({ fileName: file.fileName, reason: verdict.reason });
    else checked.push({ ...file, ...verdict });
  }
  if (refusals.length > 0) throw attachmentsRefused(refusals);
  return checked;
};

/**
 * A text's limits (count and size) on images an email's check already judged and decoded: a
 * template sent both ways is not decoded twice.
 */
export const checkTextImageLimits = (images: UploadedFile[]) => {
  const refusals = refusalsOverLimits(images, {
    maxCount: MAX_ATTACHMENTS,
    maxBytes: MAX_ATTACHMENTS_TOTAL_BYTES,
    noun: 'text',
  });
  if (refusals.length > 0) throw attachmentsRefused(refusals);
};

/** An email's files, checked: images shown with a thumbnail, and the rest offered for download. */
export type CheckedEmailFiles = {
  images: CheckedImage[];
  documents: (UploadedFile & { extension: StoredExtension })[];
};

/**
 * An email's files are judged by their bytes (`detectFileType`): PDF, PNG/JPEG/GIF/WebP images
 * that decode, Word/Excel/PowerPoint (97–2003 and OOXML), OpenDocument, text and CSV; at most 10
 * and 20 MB together. Every refused file is named in one 400.
 */
export const checkEmailFiles = async (files: UploadedFile[]): Promise<CheckedEmailFiles> => {
  const refusals: FileRefusal[] = refusalsOverLimits(files, {
    maxCount: MAX_EMAIL_ATTACHMENTS,
    maxBytes: MAX_EMAIL_ATTACHMENTS_TOTAL_BYTES,
    noun: 'email',
  });
  const checked: CheckedEmailFiles = { images: [], documents: [] };
  for (const file of files) {
    const extension = await detectFileType(file.bytes, file.fileName);
    if (extension in MEDIA_CONTENT_TYPES) {
      const verdict = await judgeImage(file, EMAIL_TYPE_REASON);
      if ('reason' in verdict) refusals.push({ fileName: file.fileName, reason: verdict.reason });
      else checked.images.push({ ...file, ...verdict });
    } else if (isEmailFileExtension(extension)) {
      checked.documents.push({ ...file, extension });
    } else {
      refusals.push({ fileName: file.fileName, reason: EMAIL_TYPE_REASON });
    }
  }
  if (refusals.length > 0) throw attachmentsRefused(refusals);
  return checked;
};

/** Stores an email's checked files: the images (with thumbnails) and the documents. */
export const storeEmailFiles = async (
  storage: MediaStorage,
  files: CheckedEmailFiles,
): Promise<{ attachments: Attachment[]; otherAttachments: StoredFile[] }> => ({
  attachments: await storeImages(storage, files.images),
  otherAttachments: await Promise.all(
    files.documents.map((file) =>
      storeFile(storage, file.bytes, safeFileName(file.fileName, file.extension), file.extension),
    ),
  ),
});

/** Stores each image and its WebP thumbnail under unguessable names; answers their public paths. */
export const storeImages = async (
  storage: MediaStorage,
  images: CheckedImage[],
): Promise<Attachment[]> =>
  Promise.all(
    images.map(async (image) => {
      const key = randomBytes(24).toString('base64url');
      await storage.put(`${key}.${image.extension}`, image.bytes);
      await storage.put(`${key}-thumb.webp`, image.thumbnail);
      return {
        url: `/media/${key}.${image.extension}`,
        thumbnailUrl: `/media/${key}-thumb.webp`,
        fileName: image.fileName,
        contentType: MEDIA_CONTENT_TYPES[image.extension]!,
        size: image.bytes.length,
      };
    }),
  );

/**
 * Stores one image received from a lead (MMS media, an email attachment): judged by its bytes and
 * named for what it is, whatever it was called. Answers undefined for anything that is not a PNG,
 * JPEG, GIF or WebP image of at most MAX_IMAGE_PIXELS that decodes; the caller keeps such files
 * with `storeInboundFile`. Its header is read first, so an image bomb is never decoded.
 */
export const storeInboundImage = async (
  storage: MediaStorage,
  bytes: Buffer,
  suggestedName: string | undefined,
): Promise<Attachment | undefined> => {
  const header = await imageHeaderOf(bytes);
  const accepted = header ? ACCEPTED_FORMATS[header.format] : undefined;
  if (!header || !accepted || header.pixels > MAX_IMAGE_PIXELS) return undefined;
  const thumbnail = await thumbnailOf(bytes);
  if (!thumbnail) return undefined;
  const base = (suggestedName ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\w .-]+/g, '')
    .trim();
  const fileName = `${base || 'image'}.${accepted.extension}`;
  const [attachment] = await storeImages(storage, [
    { fileName, bytes, extension: accepted.extension, thumbnail },
  ]);
  return attachment;
};
