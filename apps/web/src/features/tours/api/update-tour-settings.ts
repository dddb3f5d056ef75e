import { apiPaths, companyTourSettingsSchema } from '@leasing/contract';
import type { CompanyTourSettings } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TOUR_SETTINGS_QUERY_KEY } from './get-tour-settings';

export function updateTourSettings(settings: CompanyTourSettings): Promise<CompanyTourSettings> {
  return apiRequest(apiPaths.tourSettings, {
    method: 'PUT',
    body: settings,
    schema: companyTourSettingsSchema,
  });
}

/** Admins change the company's tour settings (audited on the server). */
export const useUpdateTourSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTourSettings,
    onSuccess: (settings) => queryClient.setQueryData(TOUR_SETTINGS_QUERY_KEY, settings),
  });
};
