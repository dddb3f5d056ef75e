import { apiPaths, conversationEventSchema, type ConversationEvent } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applyConfirmedSender } from '../../../lib/conversation-cache/conversation-cache';

type ConfirmTarget = { leadID: string; eventID: string };

export function confirmSender({ leadID, eventID }: ConfirmTarget): Promise<ConversationEvent> {
  return apiRequest(apiPaths.leadSenderConfirmation(leadID, eventID), {
    method: 'POST',
    schema: conversationEventSchema,
  });
}

/**
 * 'Confirm sender' on a lead's email that failed sender checks: from then on it counts as the
 * lead's reply. The pane takes the answer at once; other consoles hear it live.
 */
export function useConfirmSender(target: ConfirmTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['confirm-sender', target.eventID],
    mutationFn: () => confirmSender(target),
    onSuccess: (event) => applyConfirmedSender(queryClient, target.leadID, event),
  });
}
