import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  leadSourceListSchema,
  leadSourceMergeSchema,
  leadSourceParamsSchema,
  leadSourceSchema,
  leadSourceWriteSchema,
} from '@leasing/contract';
import { ADMINS_ROUTE, principalOf } from '../../lib/principal.js';
import {
  addLeadSource,
  changeLeadSourceName,
  listLeadSources,
  mergeLeadSource,
} from './lead-sources.service.js';

/** Where leads come from: every staff member reads the list (the pane's select); admins keep it. */
export const leadSourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiRoutes.leadSources,
    { schema: { response: { 200: leadSourceListSchema } } },
    (request) => listLeadSources(app.database.db, principalOf(request).companyId),
  );

  app.post(
    apiRoutes.leadSources,
    {
      config: ADMINS_ROUTE,
      schema: { body: leadSourceWriteSchema, response: { 201: leadSourceSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addLeadSource(app.events, principalOf(request), request.body.name)),
  );

  app.patch(
    apiRoutes.leadSource,
    {
      config: ADMINS_ROUTE,
      schema: {
        params: leadSourceParamsSchema,
        body: leadSourceWriteSchema,
        response: { 200: leadSourceSchema },
      },
    },
    (request) =>
      changeLeadSourceName(
        app.events,
        principalOf(request),
        request.params.sourceId,
        request.body.name,
      ),
  );

  app.post(
    apiRoutes.leadSourceMerge,
    {
      config: ADMINS_ROUTE,
      schema: {
        params: leadSourceParamsSchema,
        body: leadSourceMergeSchema,
        response: { 200: leadSourceSchema },
      },
    },
    (request) =>
      mergeLeadSource(
        app.events,
        principalOf(request),
        request.params.sourceId,
        request.body.intoSourceId,
      ),
  );
};
