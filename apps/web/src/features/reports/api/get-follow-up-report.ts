import { apiPaths, followUpReportSchema } from '@leasing/contract';
import type { FollowUpReport } from '@leasing/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type FollowUpReportInput = { from: string; to: string; propertyId: string | null };

export function getFollowUpReport(
  input: FollowUpReportInput,
  { signal }: { signal?: AbortSignal } = {},
): Promise<FollowUpReport> {
  return apiRequest(apiPaths.reportsFollowUp, {
    query: { ...input },
    schema: followUpReportSchema,
    signal,
  });
}

export const getFollowUpReportQueryOptions = (input: FollowUpReportInput) =>
  queryOptions({
    queryKey: ['reports', 'follow-up', input],
    queryFn: ({ signal }) => getFollowUpReport(input, { signal }),
  });

/** The last answer stays on screen while another range loads. */
export const useFollowUpReport = (input: FollowUpReportInput, { enabled = true } = {}) =>
  useQuery({ ...getFollowUpReportQueryOptions(input), enabled, placeholderData: keepPreviousData });
