import { apiPaths, assignUnmatchedRequestSchema, unmatchedMessageSchema } from '@leasing/contract';
import type { AssignUnmatchedRequest, UnmatchedMessage } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterResolving } from './invalidate-unmatched';

export function assignUnmatched(
  messageId: string,
  input: AssignUnmatchedRequest,
): Promise<UnmatchedMessage> {
  return apiRequest(apiPaths.unmatchedAssign(messageId), {
    method: 'POST',
    body: assignUnmatchedRequestSchema.parse(input),
    schema: unmatchedMessageSchema,
  });
}

/** 'Move to lead': the message goes onto the chosen lead's timeline. */
export function useAssignUnmatched(messageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['assign-unmatched', messageId],
    mutationFn: (input: AssignUnmatchedRequest) => assignUnmatched(messageId, input),
    onSuccess: () => invalidateAfterResolving(queryClient),
  });
}
