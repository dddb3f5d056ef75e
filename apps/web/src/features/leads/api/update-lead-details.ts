import {
  apiPaths,
  updateLeadDetailsRequestSchema,
  updateLeadDetailsResponseSchema,
} from '@leasing/contract';
import type { UpdateLeadDetailsRequest, UpdateLeadDetailsResponse } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getLeadQueryKey } from '../../../lib/conversation-cache/conversation-cache';

type LeadRef = { _id: string; propertyID: string; pmsLeadId: string };

export function updateLeadDetails(
  leadId: string,
  input: UpdateLeadDetailsRequest,
): Promise<UpdateLeadDetailsResponse> {
  return apiRequest(apiPaths.leadDetails(leadId), {
    method: 'PATCH',
    body: updateLeadDetailsRequestSchema.parse(input),
    schema: updateLeadDetailsResponseSchema,
  });
}

/**
 * The pane reloads the lead (its details, consent and the CONTACT_CHANGE event) and the inbox its
 * rows (the name may have changed).
 */
export function useUpdateLeadDetails(lead: LeadRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['update-lead-details', lead._id],
    mutationFn: (input: UpdateLeadDetailsRequest) => updateLeadDetails(lead._id, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: getLeadQueryKey(lead.propertyID, lead.pmsLeadId),
        }),
        queryClient.invalidateQueries({ queryKey: ['inbox'] }),
      ]),
  });
}
