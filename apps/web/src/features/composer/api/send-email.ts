import {
  apiPaths,
  conversationEventSchema,
  IDEMPOTENCY_KEY_HEADER,
  sendEmailRequestSchema,
} from '@leasing/contract';
import type { ConversationEvent } from '@leasing/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { SEND_MESSAGE_MUTATION_KEY } from './send-message-key';

export const sendEmailInputSchema = sendEmailRequestSchema;
export type SendEmailInput = z.input<typeof sendEmailInputSchema> & {
  /** Names this send attempt: the same key again never sends a second message. */
  idempotencyKey: string;
};

/** Answers the queued event. `messageId` is the lead's email being answered, if any. */
export function sendEmail({
  idempotencyKey,
  ...input
}: SendEmailInput): Promise<ConversationEvent> {
  const body = sendEmailInputSchema.parse(input);
  return apiRequest(apiPaths.leadEmail(body.leadID), {
    method: 'POST',
    body: { ...body, messageId: body.messageId ?? null },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: conversationEventSchema,
  });
}

export const useSendEmail = (leadID: string) =>
  useMutation({
    mutationKey: [SEND_MESSAGE_MUTATION_KEY, 'email', leadID],
    mutationFn: sendEmail,
  });
