import { apiPaths, leadSourceListSchema } from '@leasing/contract';
import type { LeadSourceList } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Shared with Settings → Sources, which changes the list and invalidates this key. */
export const LEAD_SOURCES_QUERY_KEY = ['lead-sources'] as const;

export function getLeadSources(signal?: AbortSignal): Promise<LeadSourceList> {
  return apiRequest(apiPaths.leadSources, { schema: leadSourceListSchema, signal });
}

export const getLeadSourcesQueryOptions = () =>
  queryOptions({
    queryKey: LEAD_SOURCES_QUERY_KEY,
    queryFn: ({ signal }) => getLeadSources(signal),
  });

/** Where the company's leads come from, with how many leads and numbers each has. */
export const useLeadSources = (enabled = true) =>
  useQuery({ ...getLeadSourcesQueryOptions(), enabled });
