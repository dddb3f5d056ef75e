import { apiPaths, meSchema } from '@leasing/contract';
import type { Me } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The signed-in user, with their own phone (the one click-to-call rings). */
export function getUser({ signal }: { signal?: AbortSignal } = {}): Promise<Me> {
  return apiRequest(apiPaths.me, { schema: meSchema, signal });
}

export const getUserQueryOptions = () =>
  queryOptions({
    queryKey: ['user'],
    queryFn: ({ signal }) => getUser({ signal }),
    staleTime: 5 * 60_000,
  });

export const useUser = () => useQuery(getUserQueryOptions());
