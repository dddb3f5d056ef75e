import { apiPaths, companyTourSettingsSchema } from '@leasing/contract';
import type { CompanyTourSettings } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const TOUR_SETTINGS_QUERY_KEY = ['tour-settings'] as const;

/** The company's tour settings: reminder times, the no-show text, releasing unconfirmed tours. */
export function getTourSettings({
  signal,
}: { signal?: AbortSignal } = {}): Promise<CompanyTourSettings> {
  return apiRequest(apiPaths.tourSettings, { schema: companyTourSettingsSchema, signal });
}

export const useTourSettings = () =>
  useQuery(
    queryOptions({
      queryKey: TOUR_SETTINGS_QUERY_KEY,
      queryFn: ({ signal }) => getTourSettings({ signal }),
    }),
  );
