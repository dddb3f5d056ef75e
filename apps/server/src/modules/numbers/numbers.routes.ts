import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addNumberRequestSchema,
  apiRoutes,
  companyNumberListSchema,
  companyNumberSchema,
  numberParamsSchema,
} from '@leasing/contract';
import { ADMINS_ONLY, principalOf, userActor } from '../../lib/principal.js';
import { addNumber, listNumbers, removeNumber, type SharedNumber } from './numbers.service.js';

/** Admins keep their company's SMS numbers (Settings → Numbers). */
export const numbersRoutes: FastifyPluginAsyncZod<{ shared: SharedNumber }> = async (
  app,
  { shared },
) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;

  app.get(
    apiRoutes.numbers,
    { config: { roles: ADMINS_ONLY }, schema: { response: { 200: companyNumberListSchema } } },
    (request) => listNumbers(db, shared, principalOf(request).companyId),
  );

  app.post(
    apiRoutes.numbers,
    {
      config: { roles: ADMINS_ONLY },
      schema: { body: addNumberRequestSchema, response: { 201: companyNumberSchema } },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const added = await addNumber(
        app.events,
        shared,
        { companyId: principal.companyId, number: request.body.number },
        userActor(principal),
      );
      return reply.status(201).send(added);
    },
  );

  app.delete(
    apiRoutes.number,
    {
      config: { roles: ADMINS_ONLY },
      schema: { params: numberParamsSchema, response: { 200: companyNumberSchema } },
    },
    (request) => {
      const principal = principalOf(request);
      return removeNumber(
        app.events,
        shared,
        principal.companyId,
        request.params.numberId,
        userActor(principal),
      );
    },
  );
};
