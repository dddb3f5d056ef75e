import { apiPaths, reportLeadsSchema } from '@leasing/contract';
import type { ReportLeads, ReportLeadsQuery } from '@leasing/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const REPORT_LEADS_PAGE_SIZE = 50;

type GetReportLeadsInput = {
  query: ReportLeadsQuery;
  cursor: string | null;
  signal?: AbortSignal;
};

/** One page of the leads a figure counts, with what they are in words. */
export function getReportLeads({
  query,
  cursor,
  signal,
}: GetReportLeadsInput): Promise<ReportLeads> {
  return apiRequest(apiPaths.reportsLeads, {
    query: { ...query, cursor, limit: REPORT_LEADS_PAGE_SIZE },
    schema: reportLeadsSchema,
    signal,
  });
}

export const getReportLeadsQueryOptions = (query: ReportLeadsQuery) =>
  infiniteQueryOptions({
    queryKey: ['reports', 'leads', { ...query, cursor: undefined, limit: undefined }],
    queryFn: ({ pageParam, signal }) => getReportLeads({ query, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useReportLeads = (query: ReportLeadsQuery) =>
  useInfiniteQuery(getReportLeadsQueryOptions(query));
