import { apiPaths, speedToLeadReportSchema } from '@leasing/contract';
import type { ReportGrouping, SpeedToLeadReport } from '@leasing/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SpeedToLeadReportInput = {
  from: string;
  to: string;
  propertyId: string | null;
  groupBy: ReportGrouping | null;
};

export function getSpeedToLeadReport(
  input: SpeedToLeadReportInput,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SpeedToLeadReport> {
  return apiRequest(apiPaths.reportsSpeedToLead, {
    query: { ...input },
    schema: speedToLeadReportSchema,
    signal,
  });
}

export const getSpeedToLeadReportQueryOptions = (input: SpeedToLeadReportInput) =>
  queryOptions({
    queryKey: ['reports', 'speed-to-lead', input],
    queryFn: ({ signal }) => getSpeedToLeadReport(input, { signal }),
  });

/** The last answer stays on screen while another range or grouping loads. */
export const useSpeedToLeadReport = (input: SpeedToLeadReportInput, { enabled = true } = {}) =>
  useQuery({
    ...getSpeedToLeadReportQueryOptions(input),
    enabled,
    placeholderData: keepPreviousData,
  });
