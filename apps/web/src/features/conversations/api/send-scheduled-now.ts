import { apiPaths, conversationEventSchema } from '@leasing/contract';
import type { ConversationEvent, Lead } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { addConversationEvents } from '../../../lib/conversation-cache/conversation-cache';

/** 'Send now' of a scheduled message: queued at once, as a person's send. */
export function sendScheduledNow(leadID: string, messageID: string): Promise<ConversationEvent> {
  return apiRequest(apiPaths.leadMessageSendNow(leadID, messageID), {
    method: 'POST',
    schema: conversationEventSchema,
  });
}

export function useSendScheduledNow(lead: Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['send-scheduled-now', lead._id],
    mutationFn: (messageID: string) => sendScheduledNow(lead._id, messageID),
    onSuccess: (event) => addConversationEvents(queryClient, lead, [event]),
  });
}
