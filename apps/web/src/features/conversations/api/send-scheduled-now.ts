import { apiPaths, conversationEventSchema } from '@leasing/contract';
import type { ConversationEvent, Lead } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { addConversationEvents } from '../../../lib/conversation-cache/conversation-cache';

export type SendScheduledNowInput = {
  messageID: string;
  /** Send even outside the lead's allowed hours (after the quiet-hours question). */
  quietHoursOverride?: boolean;
};

/**
 * 'Send now' of a scheduled message: queued at once, as a person's send. Outside the lead's
 * allowed hours the server answers 409 `QUIET_HOURS` (`ApiRequestError.quietHours`) unless
 * `quietHoursOverride`.
 */
export function sendScheduledNow(
  leadID: string,
  { messageID, quietHoursOverride }: SendScheduledNowInput,
): Promise<ConversationEvent> {
  return apiRequest(apiPaths.leadMessageSendNow(leadID, messageID), {
    method: 'POST',
    schema: conversationEventSchema,
    ...(quietHoursOverride ? { body: { quietHoursOverride: true } } : {}),
  });
}

export function useSendScheduledNow(lead: Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['send-scheduled-now', lead._id],
    mutationFn: (input: SendScheduledNowInput) => sendScheduledNow(lead._id, input),
    onSuccess: (event) => addConversationEvents(queryClient, lead, [event]),
  });
}
