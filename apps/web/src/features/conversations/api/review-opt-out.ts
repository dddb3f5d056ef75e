import { apiPaths, optOutReviewRequestSchema, optOutReviewResponseSchema } from '@leasing/contract';
import type { OptOutReviewRequest, OptOutReviewResponse } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applyOptOutReview } from '../../../lib/conversation-cache/conversation-cache';

type ReviewTarget = { leadID: string; eventID: string };

export function reviewOptOut(
  { leadID, eventID }: ReviewTarget,
  input: OptOutReviewRequest,
): Promise<OptOutReviewResponse> {
  return apiRequest(apiPaths.leadOptOutReview(leadID, eventID), {
    method: 'POST',
    body: optOutReviewRequestSchema.parse(input),
    schema: optOutReviewResponseSchema,
  });
}

/**
 * 'Opt out of texts' or 'Not an opt-out' on a flagged text. The pane takes the answer at once (the
 * composer locks on an opt-out); other consoles hear it live.
 */
export function useReviewOptOut(target: ReviewTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['review-opt-out', target.eventID],
    mutationFn: (input: OptOutReviewRequest) => reviewOptOut(target, input),
    onSuccess: (response) => applyOptOutReview(queryClient, target.leadID, response),
  });
}
