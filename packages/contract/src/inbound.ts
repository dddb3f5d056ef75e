import { z } from 'zod';
import { isoDateSchema, pageOf, pageQuerySchema } from './common.js';
import { attachmentSchema, fileAttachmentSchema } from './conversation.js';
import { SMS_MAX_LENGTH } from './messaging.js';

export const inboundChannels = ['SMS', 'EMAIL'] as const;
export const inboundChannelSchema = z.enum(inboundChannels);
export type InboundChannel = z.infer<typeof inboundChannelSchema>;

/**
 * An inbound message no lead could be found for (a text to the shared number from someone nobody
 * texted, a bounce of unknown origin). Kept where staff can read it, never dropped.
 */
export const unmatchedMessageSchema = z.object({
  _id: z.string(),
  channel: inboundChannelSchema,
  from: z.string(),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  attachmentsUrls: z.array(attachmentSchema),
  /** Files that are no image (a PDF, a vCard), each a download. */
  files: z.array(fileAttachmentSchema),
  /** Why no lead was chosen, in words. */
  reason: z.string(),
  /**
   * The text opted out (STOP, "please stop texting me"): its number went on the company's
   * opt-out register when it came, whatever lead it goes to.
   */
  optedOut: z.boolean(),
  receivedAt: isoDateSchema,
  /** OPEN until someone moves it to a lead (ASSIGNED), makes a lead of it, or dismisses it. */
  status: z.enum(['OPEN', 'ASSIGNED', 'LEAD_CREATED', 'DISMISSED']),
  resolvedAt: isoDateSchema.nullable(),
  resolvedByName: z.string().nullable(),
  /** The lead the message went to (ASSIGNED, LEAD_CREATED). */
  lead: z
    .object({ _id: z.string(), name: z.string(), propertyID: z.string(), pmsLeadId: z.string() })
    .nullable(),
});
export type UnmatchedMessage = z.infer<typeof unmatchedMessageSchema>;
export type UnmatchedStatus = UnmatchedMessage['status'];

/** `open` (the default): what still needs someone; `done`: what was assigned, made a lead or dismissed. */
export const unmatchedListQuerySchema = pageQuerySchema.extend({
  status: z.enum(['open', 'done']).default('open'),
});
export type UnmatchedListQuery = z.input<typeof unmatchedListQuerySchema>;

export const unmatchedCountSchema = z.object({ open: z.number().int().nonnegative() });
export type UnmatchedCount = z.infer<typeof unmatchedCountSchema>;

export const unmatchedParamsSchema = z.object({ messageId: z.uuid() });

/** Moves the message onto an existing lead's timeline, as the lead's own message. */
export const assignUnmatchedRequestSchema = z.object({ leadId: z.uuid('Choose a lead') });
export type AssignUnmatchedRequest = z.infer<typeof assignUnmatchedRequestSchema>;

/** Makes a lead of the sender (their phone or email) in a property, with the message on it. */
export const createLeadFromUnmatchedRequestSchema = z.object({
  propertyId: z.uuid('Choose a property'),
  name: z.string().trim().min(1, 'Enter a name').max(200),
});
export type CreateLeadFromUnmatchedRequest = z.infer<typeof createLeadFromUnmatchedRequestSchema>;
export const unmatchedMessagePageSchema = pageOf(unmatchedMessageSchema);
export type UnmatchedMessagePage = z.infer<typeof unmatchedMessagePageSchema>;

/** Header carrying the shared secret of `POST /webhooks/email/inbound`. */
export const INBOUND_EMAIL_SECRET_HEADER = 'x-inbound-email-secret';

/**
 * Answer of `POST /webhooks/email/inbound` (202): the timeline event the message became, or the
 * unmatched message it was kept as; `duplicate` when the same message had been received before.
 */
export const inboundEmailAcceptedSchema = z.union([
  z.object({ eventID: z.string(), duplicate: z.boolean() }),
  z.object({ unmatchedID: z.string(), duplicate: z.boolean() }),
]);
export type InboundEmailAccepted = z.infer<typeof inboundEmailAcceptedSchema>;

/**
 * Sandbox only (no real Twilio): a text "from" the lead, run through the same inbound path as
 * Twilio's webhook, so the demo can show replies, keywords and live updates.
 */
export const simulateInboundSmsRequestSchema = z.object({
  leadID: z.uuid(),
  text: z.string().trim().min(1, 'Write the reply').max(SMS_MAX_LENGTH),
});
export type SimulateInboundSmsRequest = z.infer<typeof simulateInboundSmsRequestSchema>;

/** 'Confirm sender' on a lead's email whose sender failed verification. */
export const senderConfirmationParamsSchema = z.object({ leadId: z.uuid(), eventId: z.uuid() });
