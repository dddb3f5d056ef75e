import { apiPaths, createApiKeyRequestSchema, createdApiKeySchema } from '@leasing/contract';
import type { CreateApiKeyRequest, CreatedApiKey } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { API_KEYS_QUERY_KEY } from './get-api-keys';

/** Creates a key; the answer carries the key itself, which the server never shows again. */
export function createApiKey(input: CreateApiKeyRequest): Promise<CreatedApiKey> {
  return apiRequest(apiPaths.apiKeys, {
    method: 'POST',
    body: createApiKeyRequestSchema.parse(input),
    schema: createdApiKeySchema,
  });
}

export const useCreateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
};
