import { apiPaths, unmatchedCountSchema } from '@leasing/contract';
import type { UnmatchedCount } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getUnmatchedCount({
  signal,
}: { signal?: AbortSignal } = {}): Promise<UnmatchedCount> {
  return apiRequest(apiPaths.unmatchedCount, { schema: unmatchedCountSchema, signal });
}

export const UNMATCHED_COUNT_QUERY_KEY = ['unmatched-count'] as const;

/** How many unmatched messages wait for someone; refreshed each minute and after every action. */
export const useUnmatchedCount = () =>
  useQuery(
    queryOptions({
      queryKey: UNMATCHED_COUNT_QUERY_KEY,
      queryFn: ({ signal }) => getUnmatchedCount({ signal }),
      refetchInterval: 60_000,
    }),
  );
