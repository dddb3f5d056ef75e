import { apiPaths, workloadSchema } from '@leasing/contract';
import type { Workload } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getWorkload({
  propertyId,
  signal,
}: {
  propertyId: string | null;
  signal?: AbortSignal;
}): Promise<Workload> {
  return apiRequest(apiPaths.workload, { query: { propertyId }, schema: workloadSchema, signal });
}

/** The start of every workload query's key: a reassignment reloads them all with it. */
export const WORKLOAD_QUERY_KEY_ROOT = 'workload';

/**
 * The team's workload for one property or all (null). It refreshes every minute: leads come in
 * and get answered while a manager looks at it.
 */
export const getWorkloadQueryOptions = (propertyId: string | null) =>
  queryOptions({
    queryKey: [WORKLOAD_QUERY_KEY_ROOT, 'team', { propertyId }],
    queryFn: ({ signal }) => getWorkload({ propertyId, signal }),
    refetchInterval: 60_000,
  });

export const useWorkload = (propertyId: string | null) =>
  useQuery(getWorkloadQueryOptions(propertyId));
