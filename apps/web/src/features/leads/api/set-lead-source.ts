import { apiPaths, leadSourceResponseSchema, setSourceRequestSchema } from '@leasing/contract';
import type { Lead, LeadSourceResponse } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applyLeadSource } from '../../../lib/conversation-cache/conversation-cache';
import { LEAD_SOURCES_QUERY_KEY } from './get-lead-sources';

type LeadRef = Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId'>;

export function setLeadSource(
  leadId: string,
  sourceId: string | null,
): Promise<LeadSourceResponse> {
  return apiRequest(apiPaths.leadSourceOfLead(leadId), {
    method: 'PUT',
    body: setSourceRequestSchema.parse({ sourceId }),
    schema: leadSourceResponseSchema,
  });
}

/** The pane takes the new source from the answer; the sources' lead counts reload. */
export function useSetLeadSource(lead: LeadRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['set-lead-source', lead._id],
    mutationFn: (sourceId: string | null) => setLeadSource(lead._id, sourceId),
    onSuccess: (response) => {
      applyLeadSource(queryClient, lead, response);
      return queryClient.invalidateQueries({ queryKey: LEAD_SOURCES_QUERY_KEY });
    },
  });
}
