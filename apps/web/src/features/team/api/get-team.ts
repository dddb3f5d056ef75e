import { apiPaths, teamMemberListSchema } from '@leasing/contract';
import type { TeamMember } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const TEAM_QUERY_KEY = ['team'] as const;

/** The company's people and its open invitations (admins). */
export function getTeam({ signal }: { signal?: AbortSignal } = {}): Promise<TeamMember[]> {
  return apiRequest(apiPaths.team, { schema: teamMemberListSchema, signal });
}

export const getTeamQueryOptions = () =>
  queryOptions({ queryKey: TEAM_QUERY_KEY, queryFn: ({ signal }) => getTeam({ signal }) });

export const useTeam = () => useQuery(getTeamQueryOptions());
