import { z } from 'zod';
import { isoDateSchema, pageOf } from './common.js';
import type { ErrorCode } from './errors.js';
import { fileAttachmentSchema } from './conversation.js';

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

/**
 * The reply guard (optional): the newest timeline event the draft's author had seen when they
 * started writing. A message of the lead, or a reply by anyone else, stored after it answers 409
 * `STALE_DRAFT` unless `force` is true. Sends that leave it out are not checked.
 */
export const replyGuardFields = {
  basedOnEventId: z.string().min(1).max(100).optional(),
  force: z.boolean().optional(),
};

/** The template the message was written from (optional): its usage count goes up when it is sent. */
export const sentFromTemplateFields = {
  templateId: z.uuid().optional(),
};

/** 400: the message may not be sent to this lead (opted out, no address, channel off). */
export const SEND_REFUSED_CODE = 'SEND_REFUSED' satisfies ErrorCode;
/**
 * 409: a scheduled message would leave under the name of a person who is no longer active in
 * the company ('Send now' of a deactivated colleague's message).
 */
export const SENDER_INACTIVE_CODE = 'SENDER_INACTIVE' satisfies ErrorCode;

export const STALE_DRAFT_CODE = 'STALE_DRAFT' satisfies ErrorCode;
export const STALE_DRAFT_MESSAGE = 'New activity since you started writing';

/** The 409's `error` beside code and message: the events the draft has not seen, oldest first. */
export const staleDraftErrorSchema = z.object({
  code: z.literal(STALE_DRAFT_CODE),
  message: z.string(),
  newEventCount: z.number().int().positive(),
  newEventIds: z.array(z.string()),
});
export type StaleDraftError = z.infer<typeof staleDraftErrorSchema>;

/** How far ahead a message may be scheduled ('Send later'). */
export const SEND_LATER_MAX_DAYS = 60;

/**
 * 'Send later' (optional on both sends): when the message leaves (in the future, at most
 * `SEND_LATER_MAX_DAYS` ahead; the server checks with its clock), and whether it still leaves when
 * the lead writes first (by default it is then cancelled).
 */
export const sendLaterFields = {
  sendAt: isoDateSchema.optional(),
  keepIfLeadReplies: z.boolean().optional(),
};

export const sendEmailRequestSchema = z.object({
  subject: z.string().trim().min(1, 'Enter a subject').max(EMAIL_SUBJECT_MAX_LENGTH),
  text: z.string().trim().min(1, 'Write a message').max(EMAIL_BODY_MAX_LENGTH),
  leadID: z.string().min(1),
  companyID: z.string().min(1),
  sentByUserID: z.string().min(1),
  /** `_id` of the lead's email this one answers, if any. */
  messageId: z.string().min(1).nullable().optional(),
  ...replyGuardFields,
  ...sentFromTemplateFields,
  ...sendLaterFields,
});
export type SendEmailRequest = z.infer<typeof sendEmailRequestSchema>;

/** `PATCH …/messages/:messageId/schedule`: change a scheduled message before it leaves. */
export const scheduleUpdateSchema = z
  .object({
    text: z.string().trim().min(1, 'Write a message').max(EMAIL_BODY_MAX_LENGTH).optional(),
    subject: z.string().trim().min(1, 'Enter a subject').max(EMAIL_SUBJECT_MAX_LENGTH).optional(),
    sendAt: isoDateSchema.optional(),
    keepIfLeadReplies: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'change at least one of text, subject, sendAt, keepIfLeadReplies',
  });
export type ScheduleUpdate = z.infer<typeof scheduleUpdateSchema>;

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
  /** An email's attached files (pictures and documents): name, type, size and where to open it. */
  files: z.array(fileAttachmentSchema),
  createdAt: isoDateSchema,
  /**
   * A sign-in email (a team invitation): listed to admins only, its link masked in `body`. The
   * invitation's status says whether 'Copy invitation link' can still give a working link.
   */
  invitation: z
    .object({ _id: z.string(), status: z.enum(['pending', 'accepted', 'revoked', 'expired']) })
    .nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export const outboxPageSchema = pageOf(outboxEntrySchema);

/** A draft kept on the server, per lead and user: what the composer held when last saved. */
export const draftModes = ['SMS', 'EMAIL'] as const;
export const leadDraftSchema = z.object({
  mode: z.enum(draftModes),
  text: z.string(),
  /** Email only. */
  subject: z.string().nullable(),
  /** `_id` of the lead's email the draft answers (email only). */
  replyToEventId: z.string().nullable(),
  /** The reply guard's base: the newest event the author had seen when they started writing. */
  basedOnEventId: z.string().nullable(),
  updatedAt: isoDateSchema,
});
export type LeadDraft = z.infer<typeof leadDraftSchema>;

export const leadDraftResponseSchema = z.object({ draft: leadDraftSchema.nullable() });
export type LeadDraftResponse = z.infer<typeof leadDraftResponseSchema>;

export const saveLeadDraftRequestSchema = z.object({
  mode: z.enum(draftModes),
  text: z.string().max(EMAIL_BODY_MAX_LENGTH),
  subject: z.string().max(EMAIL_SUBJECT_MAX_LENGTH).nullable().default(null),
  replyToEventId: z.uuid().nullable().default(null),
  basedOnEventId: z.uuid().nullable().default(null),
});
export type SaveLeadDraftRequest = z.input<typeof saveLeadDraftRequestSchema>;

/** What one email may carry: at most 10 files, 20 MB in all (mail servers commonly take 25 MB once encoded). */
export const MAX_EMAIL_ATTACHMENTS = 10;
export const MAX_EMAIL_ATTACHMENTS_TOTAL_BYTES = 20 * 1024 * 1024;

/**
 * The files an email may carry, by what their bytes are (the server reads them; a name or a
 * browser's claim decides nothing): extension → the type stored and served, and the word staff read
 * on the file's chip. Word, Excel and PowerPoint 97–2003 files share one format (OLE2): for those
 * the name's extension says which. Text and CSV have no signature: they are files of valid UTF-8
 * without control characters, named `.txt` / `.csv`.
 */
export const EMAIL_FILE_TYPES = {
  pdf: { contentType: 'application/pdf', label: 'PDF' },
  png: { contentType: 'image/png', label: 'PNG' },
  jpg: { contentType: 'image/jpeg', label: 'JPEG' },
  gif: { contentType: 'image/gif', label: 'GIF' },
  webp: { contentType: 'image/webp', label: 'WebP' },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'Word',
  },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: 'Excel',
  },
  pptx: {
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    label: 'PowerPoint',
  },
  doc: { contentType: 'application/msword', label: 'Word' },
  xls: { contentType: 'application/vnd.ms-excel', label: 'Excel' },
  ppt: { contentType: 'application/vnd.ms-powerpoint', label: 'PowerPoint' },
  odt: { contentType: 'application/vnd.oasis.opendocument.text', label: 'OpenDocument text' },
  ods: {
    contentType: 'application/vnd.oasis.opendocument.spreadsheet',
    label: 'OpenDocument spreadsheet',
  },
  odp: {
    contentType: 'application/vnd.oasis.opendocument.presentation',
    label: 'OpenDocument presentation',
  },
  txt: { contentType: 'text/plain', label: 'Text' },
  csv: { contentType: 'text/csv', label: 'CSV' },
} as const;
export type EmailFileExtension = keyof typeof EMAIL_FILE_TYPES;

/** The word for a stored file's type on its chip: 'PDF', 'Word'…; 'File' for anything else. */
export const fileTypeLabel = (contentType: string): string =>
  Object.values(EMAIL_FILE_TYPES).find((type) => type.contentType === contentType)?.label ??
  (contentType === 'application/zip' ? 'ZIP' : 'File');

/** Why a file was refused, in the words staff read: '<file name>: <reason>'. */
export const SMS_NOT_AN_IMAGE_REASON = 'only images can be texted';
export const EMAIL_TYPE_REASON = 'only PDF, images, office documents and text files can be emailed';
