import { apiPaths, propertyVoiceSettingsSchema } from '@leasing/contract';
import type { PropertyVoiceSettings, VoiceSettings } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getVoiceSettingsQueryOptions } from './get-voice-settings';

export function updateVoiceSettings(
  propertyId: string,
  settings: VoiceSettings,
): Promise<PropertyVoiceSettings> {
  return apiRequest(apiPaths.propertyVoice(propertyId), {
    method: 'PUT',
    body: settings,
    schema: propertyVoiceSettingsSchema,
  });
}

/** Admins change a property's call settings (audited on the server as 'Changed call settings'). */
export const useUpdateVoiceSettings = (propertyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: VoiceSettings) => updateVoiceSettings(propertyId, settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(getVoiceSettingsQueryOptions(propertyId).queryKey, saved);
    },
  });
};
