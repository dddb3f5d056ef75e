import { apiPaths, inviteTeammateRequestSchema, teamMemberSchema } from '@leasing/contract';
import type { InviteTeammateRequest, TeamMember } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TEAM_QUERY_KEY } from './get-team';

/** Invites someone by email; the server sends the invite email with the link. */
export function inviteTeammate(input: InviteTeammateRequest): Promise<TeamMember> {
  return apiRequest(apiPaths.teamInvitations, {
    method: 'POST',
    body: inviteTeammateRequestSchema.parse(input),
    schema: teamMemberSchema,
  });
}

export const useInviteTeammate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteTeammate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
  });
};
