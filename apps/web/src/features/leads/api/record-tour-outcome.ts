import { apiPaths, leadStatusResponseSchema, tourOutcomeRequestSchema } from '@leasing/contract';
import type { Lead, LeadStatusResponse, TourOutcome } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applyLeadStatus } from '../../../lib/conversation-cache/conversation-cache';

type LeadRef = Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId'>;

export function recordTourOutcome(
  lead: LeadRef,
  outcome: TourOutcome,
): Promise<LeadStatusResponse> {
  return apiRequest(apiPaths.leadTourOutcome(lead._id), {
    method: 'POST',
    body: tourOutcomeRequestSchema.parse({ outcome }),
    schema: leadStatusResponseSchema,
  });
}

export function useRecordTourOutcome(lead: LeadRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['record-tour-outcome', lead._id],
    mutationFn: (outcome: TourOutcome) => recordTourOutcome(lead, outcome),
    onSuccess: (response) => applyLeadStatus(queryClient, lead, response),
  });
}
