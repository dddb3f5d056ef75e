import { apiPaths, propertyVoiceSettingsSchema } from '@leasing/contract';
import type { PropertyVoiceSettings } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getVoiceSettings(
  propertyId: string,
  signal?: AbortSignal,
): Promise<PropertyVoiceSettings> {
  return apiRequest(apiPaths.propertyVoice(propertyId), {
    schema: propertyVoiceSettingsSchema,
    signal,
  });
}

export const getVoiceSettingsQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: ['voice-settings', propertyId],
    queryFn: ({ signal }) => getVoiceSettings(propertyId, signal),
  });

/** A property's call settings: the greeting, who is rung and how, the voicemail, the text-back. */
export const useVoiceSettings = (propertyId: string) =>
  useQuery(getVoiceSettingsQueryOptions(propertyId));
