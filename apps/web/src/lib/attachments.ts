import {
  ATTACHMENT_IMAGE_TYPES,
  EMAIL_FILE_TYPES,
  EMAIL_TYPE_REASON,
  fileTypeLabel,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENTS_TOTAL_BYTES,
  MAX_EMAIL_ATTACHMENTS,
  MAX_EMAIL_ATTACHMENTS_TOTAL_BYTES,
  SMS_NOT_AN_IMAGE_REASON,
} from '@leasing/contract';
import { formatMegabytes } from './format-file-size';

export const NOT_AN_IMAGE_MESSAGE = 'Only images are allowed as attachments';

/** What the text's file picker offers; the server judges the bytes again. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_IMAGE_TYPES.join(',');

const imageTypes: ReadonlySet<string> = new Set(ATTACHMENT_IMAGE_TYPES);

/** Whether the browser says `file` is one of the image formats a message may carry. */
export function isAttachableImage(file: Pick<File, 'type'>): boolean {
  return imageTypes.has(file.type);
}

const MEGABYTE = 1024 * 1024;

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

/** A picked file that was not attached, and why ('notes.txt: only images can be texted'). */
export type FileRefusal = { fileName: string; reason: string };

const EMAIL_EXTENSIONS: ReadonlySet<string> = new Set([...Object.keys(EMAIL_FILE_TYPES), 'jpeg']);
const EMAIL_CONTENT_TYPES: ReadonlySet<string> = new Set(
  Object.values(EMAIL_FILE_TYPES).map((type) => type.contentType),
);

/** What the email file picker offers: the extensions and types of `EMAIL_FILE_TYPES`. */
export const EMAIL_ATTACHMENT_ACCEPT = [
  ...[...EMAIL_EXTENSIONS].map((extension) => `.${extension}`),
  ...EMAIL_CONTENT_TYPES,
].join(',');

/** Whether the browser's type or the file's name says it is a kind of file an email may carry. */
export function isEmailableFile(file: Pick<File, 'name' | 'type'>): boolean {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return EMAIL_CONTENT_TYPES.has(file.type) || EMAIL_EXTENSIONS.has(extension);
}

/**
 * Sorts a selection for a message that already holds `current`: the files to attach and those
 * refused, each with its reason. A text takes images only (its count and size are checked on the
 * draft, as before); an email takes the kinds of `EMAIL_FILE_TYPES` up to 10 files and 20 MB in
 * all. The server judges the bytes again.
 */
export function sortPickedFiles(
  mode: 'SMS' | 'EMAIL',
  current: ReadonlyArray<Pick<File, 'size'>>,
  picked: File[],
): { kept: File[]; refused: FileRefusal[] } {
  const kept: File[] = [];
  const refused: FileRefusal[] = [];
  let count = current.length;
  let total = current.reduce((sum, file) => sum + file.size, 0);
  for (const file of picked) {
    const refuse = (reason: string) => refused.push({ fileName: file.name, reason });
    if (mode === 'SMS') {
      if (isAttachableImage(file)) kept.push(file);
      else refuse(SMS_NOT_AN_IMAGE_REASON);
    } else if (!isEmailableFile(file)) {
      refuse(EMAIL_TYPE_REASON);
    } else if (count >= MAX_EMAIL_ATTACHMENTS) {
      refuse(`at most ${MAX_EMAIL_ATTACHMENTS} files per email`);
    } else if (total + file.size > MAX_EMAIL_ATTACHMENTS_TOTAL_BYTES) {
      refuse(`over ${MAX_EMAIL_ATTACHMENTS_TOTAL_BYTES / MEGABYTE} MB in all`);
    } else {
      kept.push(file);
      count += 1;
      total += file.size;
    }
  }
  return { kept, refused };
}

/** The word for a picked file's kind on its chip ('PDF', 'Word'), from its name or type. */
export function pickedFileLabel(file: Pick<File, 'name' | 'type'>): string {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const named = Object.entries(EMAIL_FILE_TYPES).find(
    ([key]) => key === extension || (key === 'jpg' && extension === 'jpeg'),
  );
  return named ? named[1].label : fileTypeLabel(file.type);
}
