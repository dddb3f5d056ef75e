import { apiPaths, reportDigestSettingsSchema } from '@leasing/contract';
import type { ReportDigestSettings } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { REPORT_DIGEST_QUERY_KEY } from './get-report-digest';

export function updateReportDigest(weeklyDigest: boolean): Promise<ReportDigestSettings> {
  return apiRequest(apiPaths.reportsDigest, {
    method: 'PUT',
    body: { weeklyDigest },
    schema: reportDigestSettingsSchema,
  });
}

export const useUpdateReportDigest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReportDigest,
    onSuccess: (settings) => queryClient.setQueryData(REPORT_DIGEST_QUERY_KEY, settings),
  });
};
