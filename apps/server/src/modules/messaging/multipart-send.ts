import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { sendEmailRequestSchema, type SendEmailRequest } from '@leasing/contract';
import { HttpError } from '../../lib/errors.js';
import { attachmentsRefused } from './attachment-refusal.js';
import type { UploadedFile } from './media.service.js';

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * A multipart send's text fields and `attachments` files. The body is never read past the
 * message's limit (one file more than allowed is read, so the refusal can name it); the files
 * themselves are judged by the send.
 */
export const readMultipartSend = async (
  request: FastifyRequest,
  { maxFiles, maxBytes }: { maxFiles: number; maxBytes: number },
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> => {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let total = 0;
  const tooBig = (fileName: string) =>
    attachmentsRefused([{ fileName, reason: `over ${megabytes(maxBytes)} in all` }]);
  const parts = request.parts({
    limits: { files: maxFiles + 1, fileSize: maxBytes + 1, fields: 20 },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const fileName = part.filename || 'attachment';
      const bytes = await part.toBuffer().catch(() => {
        throw tooBig(fileName);
      });
      total += bytes.length;
      if (total > maxBytes) throw tooBig(fileName);
      files.push({ fileName, bytes });
    }
  } catch (error) {
    if ((error as { code?: string }).code !== 'FST_FILES_LIMIT') throw error;
    throw attachmentsRefused([
      { fileName: 'attachments', reason: `at most ${maxFiles} files per message` },
    ]);
  }
  return { fields, files };
};

/**
 * The email send's multipart fields as its JSON body: the same schema checks them, and a bad one
 * answers 400 naming the field, like the JSON body's validation.
 */
export const emailRequestOf = (fields: Record<string, string>): SendEmailRequest => {
  const parsed = sendEmailRequestSchema.safeParse({
    ...fields,
    messageId: fields.messageId || null,
    basedOnEventId: fields.basedOnEventId || undefined,
    templateId: fields.templateId || undefined,
    force: fields.force === undefined ? undefined : fields.force === 'true',
    sendAt: fields.sendAt || undefined,
    keepIfLeadReplies:
      fields.keepIfLeadReplies === undefined ? undefined : fields.keepIfLeadReplies === 'true',
  });
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    path: ['body', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw new HttpError(
    'VALIDATION',
    details.map((detail) => `${detail.path}: ${detail.message}`).join('; '),
    {},
    details,
  );
};
