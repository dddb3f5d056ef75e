import { apiPaths, officeDecisionResponseSchema } from '@leasing/contract';
import type { Lead, OfficeDecisionResponse } from '@leasing/contract';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applyOfficeDecision } from '../../../lib/conversation-cache/conversation-cache';

type LeadRef = Pick<Lead, '_id' | 'companyID' | 'propertyID' | 'pmsLeadId'>;

export function reopenOfficeDecision(lead: LeadRef): Promise<OfficeDecisionResponse> {
  return apiRequest(apiPaths.officeDecisionReopen(lead.companyID, lead._id), {
    method: 'POST',
    schema: officeDecisionResponseSchema,
  });
}

/** 'Undo' of a completion: the decision is open again, and the timeline says who reopened it. */
export function useReopenOfficeDecision(lead: LeadRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['reopen-office-decision', lead._id],
    mutationFn: () => reopenOfficeDecision(lead),
    onSuccess: (response) => applyOfficeDecision(queryClient, lead, response),
    onError: (error) => {
      notifications.show({ color: 'red', message: error.message });
    },
  });
}
