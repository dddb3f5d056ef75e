import {
  apiPaths,
  createWebhookEndpointRequestSchema,
  updateWebhookEndpointRequestSchema,
  webhookEndpointSchema,
} from '@leasing/contract';
import type {
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  WebhookEndpoint,
} from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { WEBHOOK_ENDPOINTS_QUERY_KEY } from './get-webhook-endpoints';

/** Adds an endpoint: the server answers it with its new signing secret. */
export function createWebhookEndpoint(
  input: CreateWebhookEndpointRequest,
): Promise<WebhookEndpoint> {
  return apiRequest(apiPaths.webhookEndpoints, {
    method: 'POST',
    body: createWebhookEndpointRequestSchema.parse(input),
    schema: webhookEndpointSchema,
  });
}

/** Changes an endpoint's URL, description, events or whether it is on. */
export function updateWebhookEndpoint({
  endpointId,
  ...update
}: UpdateWebhookEndpointRequest & { endpointId: string }): Promise<WebhookEndpoint> {
  return apiRequest(apiPaths.webhookEndpoint(endpointId), {
    method: 'PATCH',
    body: updateWebhookEndpointRequestSchema.parse(update),
    schema: webhookEndpointSchema,
  });
}

export const useCreateWebhookEndpoint = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOK_ENDPOINTS_QUERY_KEY }),
  });
};

export const useUpdateWebhookEndpoint = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOK_ENDPOINTS_QUERY_KEY }),
  });
};
