import { apiKeyListSchema, apiPaths } from '@leasing/contract';
import type { ApiKey } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const API_KEYS_QUERY_KEY = ['api-keys'] as const;

/** The company's integration API keys, newest first, revoked ones included. */
export function getApiKeys({ signal }: { signal?: AbortSignal } = {}): Promise<ApiKey[]> {
  return apiRequest(apiPaths.apiKeys, { schema: apiKeyListSchema, signal });
}

export const getApiKeysQueryOptions = () =>
  queryOptions({
    queryKey: API_KEYS_QUERY_KEY,
    queryFn: ({ signal }) => getApiKeys({ signal }),
  });

export const useApiKeys = () => useQuery(getApiKeysQueryOptions());
