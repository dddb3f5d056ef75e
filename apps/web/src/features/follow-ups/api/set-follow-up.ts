import { apiPaths, followUpResponseSchema } from '@leasing/contract';
import type { FollowUpResponse } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { LEAD_QUERY_KEY_ROOT } from '../../../lib/conversation-cache/conversation-cache';

/** The inbox lists' key root (the inbox feature's own; features do not import each other). */
const INBOX_QUERY_KEY_ROOT = 'inbox';

export type SetFollowUpInput = { leadId: string; dueAt: Date | null };

/** Sets the lead's follow-up, or clears it with null. */
export function setFollowUp({ leadId, dueAt }: SetFollowUpInput): Promise<FollowUpResponse> {
  return apiRequest(apiPaths.leadFollowUp(leadId), {
    method: 'PUT',
    body: { dueAt: dueAt?.toISOString() ?? null },
    schema: followUpResponseSchema,
  });
}

/** The inbox rows and the open lead show the follow-up and the lights the server computed. */
export const useSetFollowUp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFollowUp,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [INBOX_QUERY_KEY_ROOT] }),
        queryClient.invalidateQueries({ queryKey: [LEAD_QUERY_KEY_ROOT] }),
      ]);
    },
  });
};
