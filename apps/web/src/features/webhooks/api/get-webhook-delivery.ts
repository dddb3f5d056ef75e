import { apiPaths, webhookDeliverySchema } from '@leasing/contract';
import type { WebhookDelivery } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { WEBHOOK_DELIVERIES_QUERY_KEY } from './get-webhook-deliveries';

/** One delivery with the payload it sends and every attempt it made. */
export function getWebhookDelivery(
  deliveryId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<WebhookDelivery> {
  return apiRequest(apiPaths.webhookDelivery(deliveryId), {
    schema: webhookDeliverySchema,
    signal,
  });
}

export const getWebhookDeliveryQueryOptions = (deliveryId: string) =>
  queryOptions({
    queryKey: [...WEBHOOK_DELIVERIES_QUERY_KEY, 'detail', deliveryId],
    queryFn: ({ signal }) => getWebhookDelivery(deliveryId, { signal }),
  });

export const useWebhookDelivery = (deliveryId: string) =>
  useQuery(getWebhookDeliveryQueryOptions(deliveryId));
