import { apiPaths, webhookEndpointListSchema } from '@leasing/contract';
import type { WebhookEndpoint } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const WEBHOOK_ENDPOINTS_QUERY_KEY = ['webhook-endpoints'] as const;

/** The company's webhook endpoints, oldest first, each with its secret and last delivery. */
export function getWebhookEndpoints({ signal }: { signal?: AbortSignal } = {}): Promise<
  WebhookEndpoint[]
> {
  return apiRequest(apiPaths.webhookEndpoints, { schema: webhookEndpointListSchema, signal });
}

export const getWebhookEndpointsQueryOptions = () =>
  queryOptions({
    queryKey: WEBHOOK_ENDPOINTS_QUERY_KEY,
    queryFn: ({ signal }) => getWebhookEndpoints({ signal }),
  });

export const useWebhookEndpoints = () => useQuery(getWebhookEndpointsQueryOptions());
