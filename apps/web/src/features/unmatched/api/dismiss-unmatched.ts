import { apiPaths, unmatchedMessageSchema } from '@leasing/contract';
import type { UnmatchedMessage } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterResolving } from './invalidate-unmatched';

export function dismissUnmatched(messageId: string): Promise<UnmatchedMessage> {
  return apiRequest(apiPaths.unmatchedDismiss(messageId), {
    method: 'POST',
    schema: unmatchedMessageSchema,
  });
}

/** 'Dismiss': spam or a wrong number; it stays under 'Done'. */
export function useDismissUnmatched(messageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['dismiss-unmatched', messageId],
    mutationFn: () => dismissUnmatched(messageId),
    onSuccess: () => invalidateAfterResolving(queryClient),
  });
}
