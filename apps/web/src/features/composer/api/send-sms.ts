import {
  apiPaths,
  conversationEventSchema,
  IDEMPOTENCY_KEY_HEADER,
  MAX_ATTACHMENTS,
  SMS_MAX_LENGTH,
} from '@leasing/contract';
import type { ConversationEvent } from '@leasing/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { SEND_MESSAGE_MUTATION_KEY } from './send-message-key';

export const sendSmsInputSchema = z
  .object({
    leadID: z.string().min(1),
    text: z.string().trim().max(SMS_MAX_LENGTH),
    attachments: z.array(z.instanceof(File)).max(MAX_ATTACHMENTS),
    /** Names this send attempt: the same key again never sends a second message. */
    idempotencyKey: z.string().min(8),
    /** The reply guard: the event the draft was based on, and whether to send regardless. */
    basedOnEventId: z.string().nullable().optional(),
    force: z.boolean().optional(),
    /** The template the message was written from, if any. */
    templateId: z.string().nullable().optional(),
    /** 'Send now' outside the lead's allowed hours. */
    quietHoursOverride: z.boolean().optional(),
    /** 'Send later' (and the quiet-hours prompt's 'Schedule'): when it leaves, and whether it still does if the lead writes first. */
    sendAt: z.string().optional(),
    keepIfLeadReplies: z.boolean().optional(),
  })
  .refine((input) => input.text !== '' || input.attachments.length > 0, {
    message: 'Write a message or attach an image',
  });
export type SendSmsInput = z.input<typeof sendSmsInputSchema>;

/** Multipart: the fields, then one `attachments` part per image. Answers the queued event. */
export function sendSms(input: SendSmsInput): Promise<ConversationEvent> {
  const {
    leadID,
    text,
    attachments,
    idempotencyKey,
    basedOnEventId,
    force,
    templateId,
    quietHoursOverride,
    sendAt,
    keepIfLeadReplies,
  } = sendSmsInputSchema.parse(input);
  const body = new FormData();
  body.append('leadID', leadID);
  body.append('text', text);
  if (basedOnEventId) body.append('basedOnEventId', basedOnEventId);
  if (force) body.append('force', 'true');
  if (templateId) body.append('templateId', templateId);
  if (quietHoursOverride) body.append('quietHoursOverride', 'true');
  if (sendAt) body.append('sendAt', sendAt);
  if (keepIfLeadReplies) body.append('keepIfLeadReplies', 'true');
  for (const file of attachments) body.append('attachments', file, file.name);
  return apiRequest(apiPaths.leadSms(leadID), {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: conversationEventSchema,
  });
}

export const useSendSms = (leadID: string) =>
  useMutation({
    mutationKey: [SEND_MESSAGE_MUTATION_KEY, 'sms', leadID],
    mutationFn: sendSms,
  });
