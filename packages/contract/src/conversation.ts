import { z } from 'zod';
import { isoDateSchema } from './common.js';

export const eventTypes = [
  'SMS',
  'EMAIL',
  'CALL',
  'OFFICE_DECISION',
  'ACTIVATION',
  'PAYMENT',
  'PHONEBOT_REMINDER_CALL',
  'PHONEBOT_IVR_CALL',
  'MOVED_TO_DEBT',
  'SCHEDULED_TOUR_APPOINTMENT',
  'CANCELED_TOUR_APPOINTMENT',
  'LEAD_INTENT_UPDATE',
  'LANGUAGE_PREFERENCE_UPDATE',
  'OWNER_CHANGED',
  // Written by the console itself, never appended through the integration API.
  'LEAD_STATUS_CHANGE',
  'DECISION_REOPENED',
  'CONSENT_CHANGE',
  'CONTACT_CHANGE',
] as const;
export const eventTypeSchema = z.enum(eventTypes);
export type EventType = z.infer<typeof eventTypeSchema>;

/**
 * Event types only the console writes (its workflow): owner changes, the pipeline's status
 * changes, a reopened decision, consent and contact-detail changes. Integrations cannot append them.
 */
export const consoleOnlyEventTypes = [
  'OWNER_CHANGED',
  'LEAD_STATUS_CHANGE',
  'DECISION_REOPENED',
  'CONSENT_CHANGE',
  'CONTACT_CHANGE',
] as const satisfies readonly (typeof eventTypes)[number][];

export const senderTypes = ['LEAD', 'USER', 'ASSISTANT', 'SYSTEM'] as const;
export const senderTypeSchema = z.enum(senderTypes);
export type SenderType = z.infer<typeof senderTypeSchema>;

/**
 * `SCHEDULED`: stored to leave at `scheduledAt` ('Send later'); `CANCELED`: a scheduled message
 * that will never leave (a person cancelled it, or the lead wrote first: `data.canceledReason`).
 */
export const sendingStatuses = [
  'PENDING',
  'IN_PROGRESS',
  'COMPLETED',
  'FAILED',
  'SCHEDULED',
  'CANCELED',
] as const;
export const sendingStatusSchema = z.enum(sendingStatuses);
export type SendingStatus = z.infer<typeof sendingStatusSchema>;

/** An image shown as a thumbnail. Type and size are absent on images stored before they were kept. */
export const attachmentSchema = z.object({
  url: z.string(),
  thumbnailUrl: z.string(),
  fileName: z.string(),
  /** The type its bytes are (never the name's or the sender's claim). */
  contentType: z.string().optional(),
  /** Bytes. */
  size: z.number().int().nonnegative().optional(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** A file offered for download (a PDF, a document, an image that could not be shown). */
export const fileAttachmentSchema = z.object({
  url: z.string(),
  fileName: z.string(),
  /** The type its bytes are; `application/octet-stream` when they are nothing we serve as such. */
  contentType: z.string(),
  /** Bytes. */
  size: z.number(),
});
export type FileAttachment = z.infer<typeof fileAttachmentSchema>;

export const transcriptLineSchema = z.object({
  speaker: z.enum(['LEAD', 'AGENT', 'ASSISTANT']),
  text: z.string(),
});

/** `data` is open: each event type keeps its own fields; the known ones are typed. */
export const eventDataSchema = z
  .object({
    translation: z
      .object({
        body: z.object({ textInEnglish: z.string(), hash: z.string().optional() }).optional(),
      })
      .optional(),
    reActivationDate: z.string().optional(),
    tourTypeID: z.string().optional(),
    tourDateString: z.string().optional(),
    tourFromTimeString: z.string().optional(),
    transcript: z.array(transcriptLineSchema).optional(),
    durationSeconds: z.number().optional(),
    amount: z.number().optional(),
    currency: z.string().optional(),
    intent: z.string().optional(),
    language: z.string().optional(),
    failureReason: z.string().optional(),
    /** What staff can do about the failure (see `DELIVERY_FAILURES`); absent for unknown codes. */
    failureAction: z.string().optional(),
    /** The provider's error code of the failure (Twilio's `ErrorCode`). */
    failureCode: z.string().optional(),
    /** A retry: the failed message it sends again. */
    retryOf: z.string().optional(),
    /** A failed message that was retried: the new attempt (it can be retried only once). */
    retriedBy: z.string().optional(),
    /** Inbound email's HTML part; shown only after sanitizing, in a contained view. */
    html: z.string().optional(),
    /** A message's files other than shown images (email both ways, MMS), each downloaded from `url`. */
    otherAttachments: z.array(fileAttachmentSchema).optional(),
    /**
     * Inbound email's sender verification (SPF/DKIM/DMARC): true passed; false failed ('Sender not
     * verified': not the lead's reply until a person confirms the sender, `senderConfirmed`); null
     * nothing could be said, no records or DNS unreachable ('Sender could not be verified', filed
     * as a reply). Absent on every other event.
     */
    senderVerified: z.boolean().nullable().optional(),
    /** Who confirmed an unverified sender ('Confirm sender'), and when. */
    senderConfirmed: z.object({ byUserName: z.string(), at: z.string() }).optional(),
    /** A lead's text that may be an opt-out, waiting for (or decided by) a person. */
    /** 'Send later': the message still leaves if the lead writes before it does. */
    keepIfLeadReplies: z.boolean().optional(),
    /**
     * Why a scheduled message was cancelled: by a person, because the lead replied first, because
     * an admin deactivated the person who scheduled it (`canceledByUserName`: that admin), because
     * the tour it was for moved or was cancelled, or because the lead's quiet hours lasted past its
     * deadline (`expiresAt`: a tour's reminder, not sent after the tour starts).
     */
    canceledReason: z
      .enum(['BY_USER', 'LEAD_REPLIED', 'SENDER_DEACTIVATED', 'TOUR_CHANGED', 'TOO_LATE'])
      .optional(),
    /** The latest a scheduled message may leave (a tour's reminder: the tour's start). */
    expiresAt: z.string().optional(),
    /** The tour a text was made for (confirmation, reminder, no-show, released), and which. */
    tourId: z.string().optional(),
    tourText: z.enum(['confirmation', 'reminder', 'no-show', 'released']).optional(),
    canceledByUserName: z.string().optional(),
    /** The send window held it: it leaves at the next allowed time (`scheduledAt`). */
    heldUntil: z.string().optional(),
    /** It left later than planned because the server was unavailable at this time. */
    sentLateFrom: z.string().optional(),
    optOutReview: z
      .object({
        status: z.enum(['PENDING', 'OPTED_OUT', 'DISMISSED']),
        byUserName: z.string().optional(),
        at: z.string().optional(),
      })
      .optional(),
  })
  .catchall(z.unknown());
export type EventData = z.infer<typeof eventDataSchema>;

export const conversationEventSchema = z.object({
  _id: z.string(),
  leadID: z.string(),
  eventType: eventTypeSchema,
  date: isoDateSchema,
  body: z.string().nullable(),
  senderName: z.string().nullable(),
  senderType: senderTypeSchema,
  iconURL: z.string().nullable(),
  subject: z.string().nullable(),
  sendingStatus: sendingStatusSchema.nullable(),
  attachmentsUrls: z.array(attachmentSchema),
  data: eventDataSchema,
  eventByUserName: z.string().nullable(),
  /** When a scheduled message ('Send later') leaves, or left; null for every other event. */
  scheduledAt: isoDateSchema.nullable().optional(),
});
export type ConversationEvent = z.infer<typeof conversationEventSchema>;

export const conversationPageSchema = z.object({
  items: z.array(conversationEventSchema),
  nextCursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

export const conversationsQuerySchema = z
  .object({
    /** `conversationsCursor` of the lead, or `nextCursor` of the previous page: older events. */
    before: z.string().min(1).max(500).optional(),
    /**
     * `newerCursor` of a window, or `nextCursor` of the previous newer page: the events after it,
     * still newest first within the page; `nextCursor` then goes on towards the newest.
     */
    after: z.string().min(1).max(500).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((query) => !(query.before && query.after), {
    path: ['after'],
    message: 'give either before or after, not both',
  });

/** A moment to open the timeline at: a jump to a date, or a search match's event. */
export const conversationsAroundQuerySchema = z.object({
  date: isoDateSchema,
  /** Split between the events before the moment and those at or after it. */
  limit: z.coerce.number().int().min(2).max(200).default(50),
});

/**
 * The events around a moment, newest first: up to half the limit at or after it, the rest before
 * it. Each cursor is null when that end of the history is reached; `olderCursor` goes on with
 * `before`, `newerCursor` with `after`.
 */
export const conversationWindowSchema = z.object({
  items: z.array(conversationEventSchema),
  olderCursor: z.string().nullable(),
  newerCursor: z.string().nullable(),
});
export type ConversationWindow = z.infer<typeof conversationWindowSchema>;

/** The longest search inside one conversation. */
export const CONVERSATION_SEARCH_MAX_LENGTH = 200;

export const conversationSearchQuerySchema = z.object({
  /** Words as typed: matched case-insensitively, `%` and `_` taken literally. */
  q: z.string().trim().min(1, 'type something to search for').max(CONVERSATION_SEARCH_MAX_LENGTH),
  /** `nextCursor` of the previous page of matches. */
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** An event whose text (body, subject, English translation or call transcript) matches. */
export const conversationSearchHitSchema = z.object({
  eventId: z.string(),
  date: isoDateSchema,
  /** The matching text, cut around the first match. */
  snippet: z.string(),
});
export type ConversationSearchHit = z.infer<typeof conversationSearchHitSchema>;

/** Matches newest first, keyset paged; `total` counts every match of the conversation. */
export const conversationSearchPageSchema = z.object({
  items: z.array(conversationSearchHitSchema),
  nextCursor: z.string().nullable(),
  /** How many events match in all: on the first page only (no `cursor`), not counted again after. */
  total: z.number().int().nonnegative().optional(),
});
export type ConversationSearchPage = z.infer<typeof conversationSearchPageSchema>;

export const leadIdParamsSchema = z.object({ leadId: z.uuid() });
export const leadMessageParamsSchema = z.object({ leadId: z.uuid(), messageId: z.uuid() });
