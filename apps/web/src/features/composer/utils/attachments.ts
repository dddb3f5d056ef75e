import {
  ATTACHMENT_IMAGE_TYPES,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENTS_TOTAL_BYTES,
} from '@leasing/contract';

export const NOT_AN_IMAGE_MESSAGE = 'Only images are allowed as attachments';

/** What the file picker offers; the server judges the bytes again. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_IMAGE_TYPES.join(',');

const imageTypes: ReadonlySet<string> = new Set(ATTACHMENT_IMAGE_TYPES);

/** Whether the browser says `file` is one of the image formats a message may carry. */
export function isAttachableImage(file: Pick<File, 'type'>): boolean {
  return imageTypes.has(file.type);
}

const MEGABYTE = 1024 * 1024;

/** '6.0 MB' */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / MEGABYTE).toFixed(1)} MB`;
}

/**
 * Twilio's limits for one MMS, checked before sending: the message saying what is wrong, or null
 * when the attachments fit.
 */
export function checkAttachmentLimits(files: ReadonlyArray<Pick<File, 'size'>>): string | null {
  if (files.length > MAX_ATTACHMENTS) {
    return `Too many images: ${files.length} attached, at most ${MAX_ATTACHMENTS} per message.`;
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > MAX_ATTACHMENTS_TOTAL_BYTES) {
    return `Images too large: ${formatMegabytes(total)} in all, at most ${MAX_ATTACHMENTS_TOTAL_BYTES / MEGABYTE} MB per message.`;
  }
  return null;
}
