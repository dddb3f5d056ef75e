import {
  apiPaths,
  createLeadFromUnmatchedRequestSchema,
  unmatchedMessageSchema,
} from '@leasing/contract';
import type { CreateLeadFromUnmatchedRequest, UnmatchedMessage } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterResolving } from './invalidate-unmatched';

export function createLeadFromUnmatched(
  messageId: string,
  input: CreateLeadFromUnmatchedRequest,
): Promise<UnmatchedMessage> {
  return apiRequest(apiPaths.unmatchedCreateLead(messageId), {
    method: 'POST',
    body: createLeadFromUnmatchedRequestSchema.parse(input),
    schema: unmatchedMessageSchema,
  });
}

/** 'Create lead': a lead of the sender in a property, with the message on it. */
export function useCreateLeadFromUnmatched(messageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-lead-from-unmatched', messageId],
    mutationFn: (input: CreateLeadFromUnmatchedRequest) =>
      createLeadFromUnmatched(messageId, input),
    onSuccess: () => invalidateAfterResolving(queryClient),
  });
}
