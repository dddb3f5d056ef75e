import { apiPaths, webhookDeliverySummarySchema } from '@leasing/contract';
import type { WebhookDeliverySummary } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { WEBHOOK_DELIVERIES_QUERY_KEY } from './get-webhook-deliveries';
import { WEBHOOK_ENDPOINTS_QUERY_KEY } from './get-webhook-endpoints';

/** Queues the same delivery (same id, same payload) for one more attempt now. */
export function redeliverWebhook(deliveryId: string): Promise<WebhookDeliverySummary> {
  return apiRequest(apiPaths.webhookDeliveryRedeliver(deliveryId), {
    method: 'POST',
    schema: webhookDeliverySummarySchema,
  });
}

export const useRedeliverWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhook,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: WEBHOOK_DELIVERIES_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: WEBHOOK_ENDPOINTS_QUERY_KEY });
    },
  });
};
