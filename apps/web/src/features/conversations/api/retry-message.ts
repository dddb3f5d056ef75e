import { apiPaths, conversationEventSchema } from '@leasing/contract';
import type { ConversationEvent, Lead } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { addConversationEvents } from '../../../lib/conversation-cache/conversation-cache';

export const RETRY_MESSAGE_MUTATION_KEY = 'retry-message';

export type RetryMessageInput = { leadID: string; messageID: string };

/** 'Retry' of a failed message: the server queues a new attempt of it and answers that attempt. */
export function retryMessage({ leadID, messageID }: RetryMessageInput): Promise<ConversationEvent> {
  return apiRequest(apiPaths.leadMessageRetry(leadID, messageID), {
    method: 'POST',
    schema: conversationEventSchema,
  });
}

/**
 * The new attempt shows at once, and the failed message points to it (its 'Retry' goes), before the
 * socket brings both.
 */
export function useRetryMessage(lead: Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [RETRY_MESSAGE_MUTATION_KEY, lead._id],
    mutationFn: (failed: ConversationEvent) =>
      retryMessage({ leadID: lead._id, messageID: failed._id }),
    onSuccess: (attempt, failed) => {
      addConversationEvents(queryClient, lead, [
        { ...failed, data: { ...failed.data, retriedBy: attempt._id } },
        attempt,
      ]);
    },
  });
}
