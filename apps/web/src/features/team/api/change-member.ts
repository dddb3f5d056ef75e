import { apiPaths, teamMemberListSchema } from '@leasing/contract';
import type { StaffRole, TeamMember } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TEAM_QUERY_KEY } from './get-team';

export type MemberChange =
  | { userId: string; kind: 'role'; role: StaffRole }
  | { userId: string; kind: 'deactivate' }
  | { userId: string; kind: 'reactivate' }
  /** An invited row's id is its invitation's: revoking it stops the link working. */
  | { userId: string; kind: 'revoke' };

/**
 * Changes one person's role or access, or revokes an invitation; the server answers the whole
 * team as it is now.
 */
export function changeMember(change: MemberChange): Promise<TeamMember[]> {
  if (change.kind === 'role') {
    return apiRequest(apiPaths.teamMember(change.userId), {
      method: 'PATCH',
      body: { role: change.role },
      schema: teamMemberListSchema,
    });
  }
  const paths = {
    deactivate: apiPaths.teamDeactivate,
    reactivate: apiPaths.teamReactivate,
    revoke: apiPaths.teamInvitationRevoke,
  } as const;
  const path = paths[change.kind](change.userId);
  return apiRequest(path, { method: 'POST', schema: teamMemberListSchema });
}

export const useChangeMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMember,
    onSuccess: (team) => queryClient.setQueryData(TEAM_QUERY_KEY, team),
  });
};
