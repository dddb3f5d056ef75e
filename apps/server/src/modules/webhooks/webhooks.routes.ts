import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  createWebhookEndpointRequestSchema,
  updateWebhookEndpointRequestSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookDeliverySummarySchema,
  webhookEndpointListSchema,
  webhookEndpointParamsSchema,
  webhookEndpointSchema,
} from '@leasing/contract';
import { ADMINS_ROUTE, principalOf, userActor } from '../../lib/principal.js';
import {
  createEndpoint,
  deleteEndpoint,
  getDelivery,
  listDeliveries,
  listEndpoints,
  redeliver,
  rotateSecret,
  updateEndpoint,
  type WebhookDeps,
} from './webhooks.service.js';

/** Admins keep their company's webhook endpoints and read the delivery log (Settings → Webhooks). */
export const webhooksRoutes: FastifyPluginAsyncZod<{ deps: WebhookDeps }> = async (
  app,
  { deps },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiRoutes.webhookEndpoints,
    { config: ADMINS_ROUTE, schema: { response: { 200: webhookEndpointListSchema } } },
    (request) => listEndpoints(deps.db, principalOf(request).companyId),
  );

  app.post(
    apiRoutes.webhookEndpoints,
    {
      config: ADMINS_ROUTE,
      schema: {
        body: createWebhookEndpointRequestSchema,
        response: { 201: webhookEndpointSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const created = await createEndpoint(
        deps,
        principal.companyId,
        request.body,
        userActor(principal),
      );
      return reply.status(201).send(created);
    },
  );

  app.patch(
    apiRoutes.webhookEndpoint,
    {
      config: ADMINS_ROUTE,
      schema: {
        params: webhookEndpointParamsSchema,
        body: updateWebhookEndpointRequestSchema,
        response: { 200: webhookEndpointSchema },
      },
    },
    (request) => {
      const principal = principalOf(request);
      return updateEndpoint(
        deps,
        principal.companyId,
        request.params.endpointId,
        request.body,
        userActor(principal),
      );
    },
  );

  app.delete(
    apiRoutes.webhookEndpoint,
    { config: ADMINS_ROUTE, schema: { params: webhookEndpointParamsSchema } },
    async (request, reply) => {
      const principal = principalOf(request);
      await deleteEndpoint(
        deps,
        principal.companyId,
        request.params.endpointId,
        userActor(principal),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    apiRoutes.webhookEndpointRotateSecret,
    {
      config: ADMINS_ROUTE,
      schema: { params: webhookEndpointParamsSchema, response: { 200: webhookEndpointSchema } },
    },
    (request) => {
      const principal = principalOf(request);
      return rotateSecret(
        deps,
        principal.companyId,
        request.params.endpointId,
        userActor(principal),
      );
    },
  );

  app.get(
    apiRoutes.webhookDeliveries,
    {
      config: ADMINS_ROUTE,
      schema: {
        querystring: webhookDeliveryQuerySchema,
        response: { 200: webhookDeliveryPageSchema },
      },
    },
    (request) => listDeliveries(deps, principalOf(request).companyId, request.query),
  );

  app.get(
    apiRoutes.webhookDelivery,
    {
      config: ADMINS_ROUTE,
      schema: { params: webhookDeliveryParamsSchema, response: { 200: webhookDeliverySchema } },
    },
    (request) => getDelivery(deps, principalOf(request).companyId, request.params.deliveryId),
  );

  app.post(
    apiRoutes.webhookDeliveryRedeliver,
    {
      config: ADMINS_ROUTE,
      schema: {
        params: webhookDeliveryParamsSchema,
        response: { 202: webhookDeliverySummarySchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const queued = await redeliver(
        deps,
        principal.companyId,
        request.params.deliveryId,
        userActor(principal),
      );
      return reply.status(202).send(queued);
    },
  );
};
