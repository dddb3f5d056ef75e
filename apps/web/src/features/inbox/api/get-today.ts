import { apiPaths, todaySchema } from '@leasing/contract';
import type { Today } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getToday({ signal }: { signal?: AbortSignal } = {}): Promise<Today> {
  return apiRequest(apiPaths.today, { schema: todaySchema, signal });
}

export const TODAY_QUERY_KEY = ['today'] as const;

/**
 * The signed-in person's leads that need action now. Live updates reload it; the minute it
 * refreshes on catches what time alone changes (a follow-up coming due, today's tours).
 */
export const getTodayQueryOptions = () =>
  queryOptions({
    queryKey: TODAY_QUERY_KEY,
    queryFn: ({ signal }) => getToday({ signal }),
    refetchInterval: 60_000,
  });

export const useToday = () => useQuery(getTodayQueryOptions());
