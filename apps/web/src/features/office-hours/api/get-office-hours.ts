import { apiPaths, officeHoursSettingsSchema } from '@leasing/contract';
import type { OfficeHoursSettings } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const OFFICE_HOURS_QUERY_KEY = ['office-hours'] as const;

/** The first-reply target and each property's zone and opening hours (admins). */
export function getOfficeHours({
  signal,
}: { signal?: AbortSignal } = {}): Promise<OfficeHoursSettings> {
  return apiRequest(apiPaths.officeHoursSettings, { schema: officeHoursSettingsSchema, signal });
}

export const useOfficeHours = () =>
  useQuery(
    queryOptions({
      queryKey: OFFICE_HOURS_QUERY_KEY,
      queryFn: ({ signal }) => getOfficeHours({ signal }),
    }),
  );
