import { apiPaths, companyCallSettingsSchema } from '@leasing/contract';
import type { CompanyCallSettings } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getCallSettingsQueryOptions } from './get-call-settings';

export function updateCallSettings(settings: CompanyCallSettings): Promise<CompanyCallSettings> {
  return apiRequest(apiPaths.callSettings, {
    method: 'PUT',
    body: settings,
    schema: companyCallSettingsSchema,
  });
}

/** Admins change the company's call recording (audited on the server as 'Changed call recording'). */
export const useUpdateCallSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCallSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(getCallSettingsQueryOptions().queryKey, saved);
    },
  });
};
