import { apiPaths, webhookEndpointSchema } from '@leasing/contract';
import type { WebhookEndpoint } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { WEBHOOK_ENDPOINTS_QUERY_KEY } from './get-webhook-endpoints';

/** Replaces the endpoint's signing secret at once: the old one signs nothing from now on. */
export function rotateWebhookSecret(endpointId: string): Promise<WebhookEndpoint> {
  return apiRequest(apiPaths.webhookEndpointRotateSecret(endpointId), {
    method: 'POST',
    schema: webhookEndpointSchema,
  });
}

export const useRotateWebhookSecret = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOK_ENDPOINTS_QUERY_KEY }),
  });
};
