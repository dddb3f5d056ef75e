import { apiKeySchema, apiPaths } from '@leasing/contract';
import type { ApiKey } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { API_KEYS_QUERY_KEY } from './get-api-keys';

/** Revokes a key at once: systems using it are refused from their next request. */
export function revokeApiKey(apiKeyId: string): Promise<ApiKey> {
  return apiRequest(apiPaths.apiKey(apiKeyId), { method: 'DELETE', schema: apiKeySchema });
}

export const useRevokeApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (revoked) => {
      queryClient.setQueryData<ApiKey[]>(API_KEYS_QUERY_KEY, (keys) =>
        keys?.map((key) => (key._id === revoked._id ? revoked : key)),
      );
    },
  });
};
