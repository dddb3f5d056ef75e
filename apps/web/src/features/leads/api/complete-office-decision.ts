import {
  apiPaths,
  officeDecisionResponseSchema,
  officeDecisionUpdateSchema,
} from '@leasing/contract';
import type { Lead, OfficeDecisionResponse } from '@leasing/contract';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { applyOfficeDecision } from '../../../lib/conversation-cache/conversation-cache';

export const completeOfficeDecisionInputSchema = officeDecisionUpdateSchema;
export type CompleteOfficeDecisionInput = z.infer<typeof completeOfficeDecisionInputSchema>;

export const DECISION_COMPLETED_MESSAGE = 'Marked as completed';
export const DECISION_FAILED_MESSAGE = 'Something went wrong. Please try again';

type LeadRef = Pick<Lead, '_id' | 'companyID' | 'propertyID' | 'pmsLeadId'>;

/** `outcome`: what was decided, optional (blank is left out). */
export function completeOfficeDecision(
  lead: LeadRef,
  outcome?: string,
): Promise<OfficeDecisionResponse> {
  const body = completeOfficeDecisionInputSchema.parse({
    status: 'COMPLETED',
    isSeenByUser: true,
    ...(outcome?.trim() ? { outcome: outcome.trim() } : {}),
  });
  return apiRequest(apiPaths.officeDecision(lead.companyID, lead._id), {
    method: 'PUT',
    body,
    schema: officeDecisionResponseSchema,
  });
}

/**
 * The lead takes the new state, and its newest events (the head of the timeline) the completion
 * event. Refetching instead would reload the lead's whole first page of events.
 */
export function useCompleteOfficeDecision(lead: LeadRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['complete-office-decision', lead._id],
    mutationFn: (outcome?: string) => completeOfficeDecision(lead, outcome),
    onSuccess: (response) => {
      applyOfficeDecision(queryClient, lead, response);
      notifications.show({ color: 'teal', message: DECISION_COMPLETED_MESSAGE });
    },
    onError: () => {
      notifications.show({ color: 'red', message: DECISION_FAILED_MESSAGE });
    },
  });
}
