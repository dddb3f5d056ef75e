import { apiPaths } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { WEBHOOK_DELIVERIES_QUERY_KEY } from './get-webhook-deliveries';
import { WEBHOOK_ENDPOINTS_QUERY_KEY } from './get-webhook-endpoints';

/** Deletes an endpoint and its delivery log; queued deliveries to it are dropped. */
export function deleteWebhookEndpoint(endpointId: string): Promise<unknown> {
  return apiRequest(apiPaths.webhookEndpoint(endpointId), { method: 'DELETE' });
}

export const useDeleteWebhookEndpoint = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: WEBHOOK_ENDPOINTS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: WEBHOOK_DELIVERIES_QUERY_KEY });
    },
  });
};
