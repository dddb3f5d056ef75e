import { apiPaths, leadPageSchema } from '@leasing/contract';
import type { LeadPage } from '@leasing/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const LEADS_PAGE_SIZE = 25;

type GetLeadsInput = { propertyId: string; cursor: string | null; signal?: AbortSignal };

export function getLeads({ propertyId, cursor, signal }: GetLeadsInput): Promise<LeadPage> {
  return apiRequest(apiPaths.propertyLeads(propertyId), {
    query: { cursor, limit: LEADS_PAGE_SIZE },
    schema: leadPageSchema,
    signal,
  });
}

/** The start of every property lead list's key. */
export const LEADS_QUERY_KEY_ROOT = 'leads';

export const getLeadsQueryKey = (propertyId: string) => [LEADS_QUERY_KEY_ROOT, propertyId] as const;

export const getLeadsQueryOptions = (propertyId: string) =>
  infiniteQueryOptions({
    queryKey: getLeadsQueryKey(propertyId),
    queryFn: ({ pageParam, signal }) => getLeads({ propertyId, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
