import { apiPaths, quietHoursPolicySchema } from '@leasing/contract';
import type { QuietHoursPolicy } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const QUIET_HOURS_QUERY_KEY = ['quiet-hours'] as const;

/** The company's quiet-hours policy (admins). */
export function getQuietHours({
  signal,
}: { signal?: AbortSignal } = {}): Promise<QuietHoursPolicy> {
  return apiRequest(apiPaths.quietHours, { schema: quietHoursPolicySchema, signal });
}

export const useQuietHours = () =>
  useQuery(
    queryOptions({
      queryKey: QUIET_HOURS_QUERY_KEY,
      queryFn: ({ signal }) => getQuietHours({ signal }),
    }),
  );
