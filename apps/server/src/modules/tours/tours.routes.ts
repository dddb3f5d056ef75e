import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  propertyParamsSchema,
  tourListSchema,
  toursQuerySchema,
} from '@leasing/contract';
import { principalOf } from '../../lib/principal.js';
import { getTours } from './tours.service.js';

export const toursRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;

  app.get(
    apiRoutes.tours,
    { schema: { querystring: toursQuerySchema, response: { 200: tourListSchema } } },
    (request) => getTours(db, principalOf(request).companyId, undefined, request.query),
  );

  app.get(
    apiRoutes.propertyTours,
    {
      schema: {
        params: propertyParamsSchema,
        querystring: toursQuerySchema,
        response: { 200: tourListSchema },
      },
    },
    (request) =>
      getTours(db, principalOf(request).companyId, request.params.propertyId, request.query),
  );
};
