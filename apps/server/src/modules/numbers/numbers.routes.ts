import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addNumberRequestSchema,
  apiRoutes,
  companyNumberListSchema,
  companyNumberSchema,
  numberParamsSchema,
  updateNumberRequestSchema,
} from '@leasing/contract';
import { ADMINS_ROUTE, principalOf, userActor } from '../../lib/principal.js';
import {
  addNumber,
  changeNumber,
  listNumbers,
  removeNumber,
  type RegistrationDeps,
} from './numbers.service.js';

/** Admins keep their company's SMS numbers (Settings → Numbers). */
export const numbersRoutes: FastifyPluginAsyncZod<RegistrationDeps> = async (app, deps) => {
  const { shared } = deps;
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;

  app.get(
    apiRoutes.numbers,
    { config: ADMINS_ROUTE, schema: { response: { 200: companyNumberListSchema } } },
    (request) => listNumbers(db, shared, principalOf(request).companyId),
  );

  app.post(
    apiRoutes.numbers,
    {
      config: ADMINS_ROUTE,
      schema: { body: addNumberRequestSchema, response: { 201: companyNumberSchema } },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const added = await addNumber(
        { db, events: app.events },
        deps,
        { companyId: principal.companyId, number: request.body.number },
        userActor(principal),
      );
      return reply.status(201).send(added);
    },
  );

  app.patch(
    apiRoutes.number,
    {
      config: ADMINS_ROUTE,
      schema: {
        params: numberParamsSchema,
        body: updateNumberRequestSchema,
        response: { 200: companyNumberSchema },
      },
    },
    (request) => {
      const principal = principalOf(request);
      return changeNumber(
        app.events,
        shared,
        principal.companyId,
        request.params.numberId,
        request.body,
        userActor(principal),
      );
    },
  );

  app.delete(
    apiRoutes.number,
    {
      config: ADMINS_ROUTE,
      schema: { params: numberParamsSchema, response: { 200: companyNumberSchema } },
    },
    (request) => {
      const principal = principalOf(request);
      return removeNumber(
        app.events,
        deps,
        principal.companyId,
        request.params.numberId,
        userActor(principal),
      );
    },
  );
};
