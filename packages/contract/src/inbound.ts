import { z } from 'zod';
import { isoDateSchema, pageOf } from './common.js';
import { attachmentSchema } from './conversation.js';

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
