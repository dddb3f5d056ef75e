import { z } from 'zod';
import { isoDateSchema, pageOf } from './common.js';
import { attachmentSchema } from './conversation.js';
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
  /** Why no lead was chosen, in words. */
  reason: z.string(),
  receivedAt: isoDateSchema,
});
export type UnmatchedMessage = z.infer<typeof unmatchedMessageSchema>;
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
