import { apiPaths, quietHoursPolicySchema } from '@leasing/contract';
import type { QuietHoursPolicy } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { QUIET_HOURS_QUERY_KEY } from './get-quiet-hours';

export function updateQuietHours(policy: QuietHoursPolicy): Promise<QuietHoursPolicy> {
  return apiRequest(apiPaths.quietHours, {
    method: 'PUT',
    body: policy,
    schema: quietHoursPolicySchema,
  });
}

export const useUpdateQuietHours = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuietHours,
    onSuccess: (policy) => queryClient.setQueryData(QUIET_HOURS_QUERY_KEY, policy),
  });
};
