import { apiPaths, userSchema } from '@leasing/contract';
import type { User } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getUser({ signal }: { signal?: AbortSignal } = {}): Promise<User> {
  return apiRequest(apiPaths.me, { schema: userSchema, signal });
}

export const getUserQueryOptions = () =>
  queryOptions({
    queryKey: ['user'],
    queryFn: ({ signal }) => getUser({ signal }),
    staleTime: 5 * 60_000,
  });

export const useUser = () => useQuery(getUserQueryOptions());
