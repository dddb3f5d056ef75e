import { apiPaths, officeHoursSettingsSchema } from '@leasing/contract';
import type { OfficeHoursSettings } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { OFFICE_HOURS_QUERY_KEY } from './get-office-hours';

export function updateResponseTarget(minutes: number): Promise<OfficeHoursSettings> {
  return apiRequest(apiPaths.responseTarget, {
    method: 'PUT',
    body: { firstReplyTargetMinutes: minutes },
    schema: officeHoursSettingsSchema,
  });
}

export const useUpdateResponseTarget = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResponseTarget,
    onSuccess: (settings) => queryClient.setQueryData(OFFICE_HOURS_QUERY_KEY, settings),
  });
};
