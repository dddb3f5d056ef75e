import { apiPaths, secureAccessLeadSchema } from '@leasing/contract';
import type { SecureAccessLead } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Which lead the page's secure link opens; the API client sends the link's token. */
export function getSecureAccessLead({
  signal,
}: { signal?: AbortSignal } = {}): Promise<SecureAccessLead> {
  return apiRequest(apiPaths.secureAccessLead, { schema: secureAccessLeadSchema, signal });
}

/** Keyed by the token: another link in the same tab names another lead. */
export const getSecureAccessLeadQueryOptions = (accessToken: string) =>
  queryOptions({
    queryKey: ['secure-access-lead', accessToken],
    queryFn: ({ signal }) => getSecureAccessLead({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useSecureAccessLead = (accessToken: string) =>
  useQuery(getSecureAccessLeadQueryOptions(accessToken));
