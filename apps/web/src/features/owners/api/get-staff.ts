import { apiPaths, staffListSchema } from '@leasing/contract';
import type { StaffMember } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getStaff({ signal }: { signal?: AbortSignal } = {}): Promise<StaffMember[]> {
  return apiRequest(apiPaths.staff, { schema: staffListSchema, signal });
}

export const STAFF_QUERY_KEY = ['staff'] as const;

/** The company's active people, for owner pickers; a team changes rarely. */
export const getStaffQueryOptions = () =>
  queryOptions({
    queryKey: STAFF_QUERY_KEY,
    queryFn: ({ signal }) => getStaff({ signal }),
    staleTime: 5 * 60_000,
  });

export const useStaff = () => useQuery(getStaffQueryOptions());
