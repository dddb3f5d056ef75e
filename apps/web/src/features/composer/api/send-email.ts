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
  /** Files the email carries (sent as multipart); none sends JSON. */
  attachments?: File[];
};

/** The email's fields and one `attachments` part per file. */
const multipartOf = (body: z.output<typeof sendEmailInputSchema>, files: File[]) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const file of files) form.append('attachments', file, file.name);
  return form;
};

/** Answers the queued event. `messageId` is the lead's email being answered, if any. */
export function sendEmail({
  idempotencyKey,
  attachments = [],
  ...input
}: SendEmailInput): Promise<ConversationEvent> {
  const body = sendEmailInputSchema.parse(input);
  return apiRequest(apiPaths.leadEmail(body.leadID), {
    method: 'POST',
    body:
      attachments.length > 0
        ? multipartOf(body, attachments)
        : { ...body, messageId: body.messageId ?? null },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: conversationEventSchema,
  });
}

export const useSendEmail = (leadID: string) =>
  useMutation({
    mutationKey: [SEND_MESSAGE_MUTATION_KEY, 'email', leadID],
    mutationFn: sendEmail,
  });
