import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, propertyListSchema } from '@leasing/contract';
import { principalOf } from '../../lib/principal.js';
import { listProperties } from './properties.service.js';

export const propertiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;

  app.get(apiRoutes.properties, { schema: { response: { 200: propertyListSchema } } }, (request) =>
    listProperties(db, principalOf(request).companyId),
  );
};
