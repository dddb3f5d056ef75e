import { apiPaths, companyCallSettingsSchema } from '@leasing/contract';
import type { CompanyCallSettings } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getCallSettings(signal?: AbortSignal): Promise<CompanyCallSettings> {
  return apiRequest(apiPaths.callSettings, { schema: companyCallSettingsSchema, signal });
}

export const getCallSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['call-settings'],
    queryFn: ({ signal }) => getCallSettings(signal),
  });

/** The company's call recording: whether calls placed from the console are recorded, how long kept. */
export const useCallSettings = () => useQuery(getCallSettingsQueryOptions());
