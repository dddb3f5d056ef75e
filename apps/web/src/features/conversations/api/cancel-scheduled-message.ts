import { apiPaths, conversationEventSchema } from '@leasing/contract';
import type { ConversationEvent, Lead } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { addConversationEvents } from '../../../lib/conversation-cache/conversation-cache';

/** 'Cancel' of a scheduled message: it never leaves. */
export function cancelScheduledMessage(
  leadID: string,
  messageID: string,
): Promise<ConversationEvent> {
  return apiRequest(apiPaths.leadMessageSchedule(leadID, messageID), {
    method: 'DELETE',
    schema: conversationEventSchema,
  });
}

export function useCancelScheduledMessage(lead: Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['cancel-scheduled-message', lead._id],
    mutationFn: (messageID: string) => cancelScheduledMessage(lead._id, messageID),
    onSuccess: (event) => addConversationEvents(queryClient, lead, [event]),
  });
}
