import { apiPaths, leadStatusResponseSchema, setLeadStatusRequestSchema } from '@leasing/contract';
import type { Lead, LeadStatusResponse, SetLeadStatusRequest } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applyLeadStatus } from '../../../lib/conversation-cache/conversation-cache';

export const setLeadStatusInputSchema = setLeadStatusRequestSchema;

type LeadRef = Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId'>;

export function setLeadStatus(
  lead: LeadRef,
  input: SetLeadStatusRequest,
): Promise<LeadStatusResponse> {
  return apiRequest(apiPaths.leadStatus(lead._id), {
    method: 'PUT',
    body: setLeadStatusInputSchema.parse(input),
    schema: leadStatusResponseSchema,
  });
}

/** The pane takes the new status and its timeline event from the answer, without a reload. */
export function useSetLeadStatus(lead: LeadRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['set-lead-status', lead._id],
    mutationFn: (input: SetLeadStatusRequest) => setLeadStatus(lead, input),
    onSuccess: (response) => applyLeadStatus(queryClient, lead, response),
  });
}
