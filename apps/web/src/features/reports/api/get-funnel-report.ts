import { apiPaths, funnelReportSchema } from '@leasing/contract';
import type { FunnelReport, FunnelView, ReportGrouping } from '@leasing/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type FunnelReportInput = {
  from: string;
  to: string;
  propertyId: string | null;
  view: FunnelView;
  groupBy: ReportGrouping | null;
};

export function getFunnelReport(
  input: FunnelReportInput,
  { signal }: { signal?: AbortSignal } = {},
): Promise<FunnelReport> {
  return apiRequest(apiPaths.reportsFunnel, {
    query: { ...input },
    schema: funnelReportSchema,
    signal,
  });
}

export const getFunnelReportQueryOptions = (input: FunnelReportInput) =>
  queryOptions({
    queryKey: ['reports', 'funnel', input],
    queryFn: ({ signal }) => getFunnelReport(input, { signal }),
  });

/** The last answer stays on screen while another range or grouping loads. */
export const useFunnelReport = (input: FunnelReportInput, { enabled = true } = {}) =>
  useQuery({ ...getFunnelReportQueryOptions(input), enabled, placeholderData: keepPreviousData });
