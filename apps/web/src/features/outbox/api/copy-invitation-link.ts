import { apiPaths, invitationLinkSchema } from '@leasing/contract';
import type { InvitationLink } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { OUTBOX_QUERY_KEY } from './get-outbox';

/**
 * A fresh link for a pending invitation (admins). The server keeps only a hash of each link, so it
 * makes a new one: the link in the email stops working.
 */
export function copyInvitationLink(invitationId: string): Promise<InvitationLink> {
  return apiRequest(apiPaths.teamInvitationLink(invitationId), {
    method: 'POST',
    schema: invitationLinkSchema,
  });
}

export const useCopyInvitationLink = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyInvitationLink,
    // An invitation accepted or revoked meanwhile shows its new state.
    onError: () => queryClient.invalidateQueries({ queryKey: OUTBOX_QUERY_KEY }),
  });
};
