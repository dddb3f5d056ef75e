import { apiPaths, reportDigestSettingsSchema } from '@leasing/contract';
import type { ReportDigestSettings } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const REPORT_DIGEST_QUERY_KEY = ['reports', 'digest'] as const;

export function getReportDigest({
  signal,
}: { signal?: AbortSignal } = {}): Promise<ReportDigestSettings> {
  return apiRequest(apiPaths.reportsDigest, { schema: reportDigestSettingsSchema, signal });
}

export const getReportDigestQueryOptions = () =>
  queryOptions({
    queryKey: REPORT_DIGEST_QUERY_KEY,
    queryFn: ({ signal }) => getReportDigest({ signal }),
  });

/** Whether the signed-in person gets the weekly report email (managers and admins may). */
export const useReportDigest = () => useQuery(getReportDigestQueryOptions());
