import { apiPaths, assignLeadRequestSchema, leadSummarySchema } from '@leasing/contract';
import type { Lead, LeadSummary, OwnerChoice } from '@leasing/contract';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiRequestError } from '../../../lib/api-client';
import { getLeadQueryKey } from '../../../lib/conversation-cache/conversation-cache';
import { ownerChoiceLabel } from '../utils/owner-label';

type LeadRef = Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId'>;

export function assignLead(leadId: string, owner: OwnerChoice): Promise<LeadSummary> {
  return apiRequest(apiPaths.leadOwner(leadId), {
    method: 'PUT',
    body: assignLeadRequestSchema.parse({ owner }),
    schema: leadSummarySchema,
  });
}

/**
 * Gives the lead an owner. The pane shows it at once; the timeline event and every other console
 * (inbox rows included) follow over the live socket.
 */
export function useAssignLead(lead: LeadRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['assign-lead', lead._id],
    mutationFn: (choice: { owner: OwnerChoice; name: string }) =>
      assignLead(lead._id, choice.owner),
    onSuccess: (summary, choice) => {
      queryClient.setQueryData<Lead>(getLeadQueryKey(lead.propertyID, lead.pmsLeadId), (old) =>
        old ? { ...old, owner: summary.owner } : old,
      );
      notifications.show({ color: 'teal', message: ownerChoiceLabel(choice.owner, choice.name) });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        message:
          error instanceof ApiRequestError && error.status < 500
            ? error.message
            : 'Could not change the owner. Please try again',
      });
    },
  });
}
