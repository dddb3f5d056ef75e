import { apiPaths, auditPageSchema } from '@leasing/contract';
import type { AuditPage } from '@leasing/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { filtersToQuery } from '../utils/audit-filters';
import type { AuditFilters } from '../utils/audit-filters';

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_QUERY_KEY = ['audit'] as const;

type GetAuditInput = { filters: AuditFilters; cursor: string | null; signal?: AbortSignal };

/** One keyset page of the company's audit trail, newest first. */
export function getAudit({ filters, cursor, signal }: GetAuditInput): Promise<AuditPage> {
  return apiRequest(apiPaths.audit, {
    query: { ...filtersToQuery(filters), cursor, limit: AUDIT_PAGE_SIZE },
    schema: auditPageSchema,
    signal,
  });
}

export const getAuditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...AUDIT_QUERY_KEY, filters],
    queryFn: ({ pageParam, signal }) => getAudit({ filters, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useAudit = (filters: AuditFilters, { enabled = true } = {}) =>
  useInfiniteQuery({ ...getAuditQueryOptions(filters), enabled });

export type PersonSeen = { value: string; label: string };

/**
 * The colleagues named on every audit page loaded so far, whatever its filters: with no staff list
 * to ask, these are the people the Person filter can offer. Remembering other filters' pages keeps
 * a colleague choosable after the list was narrowed to someone else.
 */
export function peopleSeen(queryClient: QueryClient): PersonSeen[] {
  const names = new Map<string, string>();
  for (const [, data] of queryClient.getQueriesData<InfiniteData<AuditPage>>({
    queryKey: AUDIT_QUERY_KEY,
  })) {
    for (const entry of data?.pages.flatMap((page) => page.items) ?? []) {
      const { type, userId, name } = entry.actor;
      if (type === 'user' && userId && !names.has(userId))
        names.set(userId, name ?? 'Unknown person');
    }
  }
  return [...names]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
