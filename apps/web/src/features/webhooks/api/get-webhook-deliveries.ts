import { apiPaths, webhookDeliveryPageSchema } from '@leasing/contract';
import type { WebhookDeliveryPage, WebhookDeliveryStatus } from '@leasing/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 25;
export const WEBHOOK_DELIVERIES_QUERY_KEY = ['webhook-deliveries'] as const;

export type DeliveryFilters = { endpointId: string | null; status: WebhookDeliveryStatus | null };

type GetDeliveriesInput = DeliveryFilters & { cursor: string | null; signal?: AbortSignal };

/** One keyset page of the delivery log, newest first. */
export function getWebhookDeliveries({
  endpointId,
  status,
  cursor,
  signal,
}: GetDeliveriesInput): Promise<WebhookDeliveryPage> {
  return apiRequest(apiPaths.webhookDeliveries, {
    query: { endpointId, status, cursor, limit: WEBHOOK_DELIVERIES_PAGE_SIZE },
    schema: webhookDeliveryPageSchema,
    signal,
  });
}

export const getWebhookDeliveriesQueryOptions = (filters: DeliveryFilters) =>
  infiniteQueryOptions({
    queryKey: [...WEBHOOK_DELIVERIES_QUERY_KEY, filters],
    queryFn: ({ pageParam, signal }) =>
      getWebhookDeliveries({ ...filters, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // Pending deliveries move on by themselves: look again while one is waiting.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => item.status === 'pending'))
        ? 5000
        : false,
  });

export const useWebhookDeliveries = (filters: DeliveryFilters) =>
  useInfiniteQuery(getWebhookDeliveriesQueryOptions(filters));
