import { extname } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { EMAIL_FILE_TYPES, type EmailFileExtension } from '@leasing/contract';

/**
 * What a file's bytes are, as the extension it is stored (and served) under: one of the email file
 * types, `zip`, or `bin` for anything else (HTML, SVG, scripts, unknown), which is only ever served
 * as bytes to save.
 */
export type StoredExtension = EmailFileExtension | 'zip' | 'bin';

/** Formats `file-type` names by a different extension than ours. */
const SIGNATURES: Record<string, StoredExtension> = { jpg: 'jpg', zip: 'zip' };

/** The OLE2 container of Word, Excel and PowerPoint 97–2003: only the name says which it is. */
const OLE2_EXTENSIONS: ReadonlySet<string> = new Set(['doc', 'xls', 'ppt']);
const TEXT_EXTENSIONS: ReadonlySet<string> = new Set(['txt', 'csv']);

const extensionOf = (fileName: string) => extname(fileName).slice(1).toLowerCase();

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Valid UTF-8 with no control characters but tab, line breaks and form feed. */
const isPlainText = (bytes: Buffer) => {
  if (bytes.length === 0) return false;
  try {
    // eslint-disable-next-line no-control-regex
    return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(utf8.decode(bytes));
  } catch {
    return false;
  }
};

export const isEmailFileExtension = (extension: string): extension is EmailFileExtension =>
  Object.hasOwn(EMAIL_FILE_TYPES, extension);

/** Reads the bytes' signature (`file-type`); the name only tells apart what the bytes cannot. */
export const detectFileType = async (bytes: Buffer, fileName: string): Promise<StoredExtension> => {
  const named = extensionOf(fileName);
  const signature = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (!signature)
    return isPlainText(bytes) && TEXT_EXTENSIONS.has(named) ? (named as 'txt') : 'bin';
  if (signature.ext === 'cfb') return OLE2_EXTENSIONS.has(named) ? (named as 'doc') : 'bin';
  const extension = SIGNATURES[signature.ext] ?? signature.ext;
  return isEmailFileExtension(extension) || extension === 'zip' ? extension : 'bin';
};

/**
 * The name a file is saved under: control characters and path separators dropped, and the
 * extension of what it is added when the name says something else ('scan' → 'scan.pdf').
 */
export const safeFileName = (suggested: string | undefined, extension: StoredExtension) => {
  const cleaned =
    [...(suggested ?? '')]
      .filter((char) => char.charCodeAt(0) >= 0x20 && char !== '\u007f' && !'/\\'.includes(char))
      .join('')
      .trim()
      .slice(0, 200) || 'attachment';
  if (extension === 'bin') return cleaned;
  const named = extensionOf(cleaned);
  const same = named === extension || (extension === 'jpg' && named === 'jpeg');
  return same ? cleaned : `${cleaned}.${extension}`;
};
