import { HttpError } from '../../lib/errors.js';

/** One refused file and why, in the words staff read. */
export type FileRefusal = { fileName: string; reason: string };

/**
 * The 400 for a send whose files are refused: one `details` entry per file, each naming it
 * ('notes.txt: only images can be texted'), so the composer can say which to take out.
 */
export const attachmentsRefused = (refusals: FileRefusal[]) => {
  const details = refusals.map(({ fileName, reason }) => ({
    path: 'body.attachments',
    message: `${fileName}: ${reason}`,
  }));
  return new HttpError(
    'VALIDATION',
    `attachments: ${details.map((detail) => detail.message).join('; ')}`,
    {},
    details,
  );
};

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * The files past a message's limits, in the order they came: every file after the first `maxCount`,
 * and every file that would take the total past `maxBytes`.
 */
export const refusalsOverLimits = (
  files: ReadonlyArray<{ fileName: string; bytes: Buffer }>,
  { maxCount, maxBytes, noun }: { maxCount: number; maxBytes: number; noun: string },
): FileRefusal[] => {
  const refusals: FileRefusal[] = [];
  let total = 0;
  files.forEach((file, index) => {
    if (index >= maxCount) {
      refusals.push({ fileName: file.fileName, reason: `at most ${maxCount} files per ${noun}` });
      return;
    }
    total += file.bytes.length;
    if (total > maxBytes) {
      refusals.push({ fileName: file.fileName, reason: `over ${megabytes(maxBytes)} in all` });
    }
  });
  return refusals;
};
