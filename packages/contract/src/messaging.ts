import { z } from 'zod';
import { isoDateSchema, pageOf } from './common.js';

/** Twilio's limits for one MMS: at most 10 media files, 5 MB in all. */
export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENTS_TOTAL_BYTES = 5 * 1024 * 1024;
/** Twilio's limit for one message body. */
export const SMS_MAX_LENGTH = 1600;
export const EMAIL_SUBJECT_MAX_LENGTH = 300;
export const EMAIL_BODY_MAX_LENGTH = 50_000;
/** Image formats staff may attach, by what their bytes are. */
export const ATTACHMENT_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
] as const;

/** Header naming one send attempt; the same key again never creates a second message. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const sendEmailRequestSchema = z.object({
  subject: z.string().trim().min(1, 'Enter a subject').max(EMAIL_SUBJECT_MAX_LENGTH),
  text: z.string().trim().min(1, 'Write a message').max(EMAIL_BODY_MAX_LENGTH),
  leadID: z.string().min(1),
  companyID: z.string().min(1),
  sentByUserID: z.string().min(1),
  /** `_id` of the lead's email this one answers, if any. */
  messageId: z.string().min(1).nullable().optional(),
});
export type SendEmailRequest = z.infer<typeof sendEmailRequestSchema>;

export const outboxEntrySchema = z.object({
  _id: z.string(),
  eventID: z.string().nullable(),
  /** The lead the message went to ("Simulate reply" answers as that lead). */
  leadID: z.string().nullable(),
  channel: z.enum(['SMS', 'EMAIL']),
  from: z.string(),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  mediaUrls: z.array(z.string()),
  createdAt: isoDateSchema,
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export const outboxPageSchema = pageOf(outboxEntrySchema);
