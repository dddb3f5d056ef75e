import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  leadIdParamsSchema,
  leadStatusResponseSchema,
  lostReasonInputSchema,
  lostReasonListSchema,
  lostReasonParamsSchema,
  lostReasonSchema,
  setLeadStatusRequestSchema,
  tourOutcomeRequestSchema,
} from '@leasing/contract';
import type { Clock } from '../../lib/clock.js';
import { MANAGERS_ROUTE, principalOf } from '../../lib/principal.js';
import {
  addLostReason,
  changeLostReasonName,
  deleteLostReason,
  listLostReasons,
  recordTourOutcome,
  setLeadStatus,
  type LeadStatusDeps,
} from './lead-status.service.js';

/** The pipeline: a lead's status by hand, a past tour's outcome, and the admins' lost reasons. */
export const leadStatusRoutes: FastifyPluginAsyncZod<{ now: Clock }> = async (app, { now }) => {
  app.addHook('onRequest', app.authenticate);
  const deps: LeadStatusDeps = { db: app.database.db, events: app.events, now };

  app.put(
    apiRoutes.leadStatus,
    {
      schema: {
        params: leadIdParamsSchema,
        body: setLeadStatusRequestSchema,
        response: { 200: leadStatusResponseSchema },
      },
    },
    (request) => setLeadStatus(deps, principalOf(request), request.params.leadId, request.body),
  );

  app.post(
    apiRoutes.leadTourOutcome,
    {
      schema: {
        params: leadIdParamsSchema,
        body: tourOutcomeRequestSchema,
        response: { 200: leadStatusResponseSchema },
      },
    },
    (request) =>
      recordTourOutcome(deps, principalOf(request), request.params.leadId, request.body.outcome),
  );

  // Every staff member reads the list (the 'Mark lost' dialog); managers and admins change it.
  app.get(
    apiRoutes.lostReasons,
    { schema: { response: { 200: lostReasonListSchema } } },
    (request) => listLostReasons(deps.db, principalOf(request).companyId),
  );

  app.post(
    apiRoutes.lostReasons,
    {
      config: MANAGERS_ROUTE,
      schema: { body: lostReasonInputSchema, response: { 201: lostReasonSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addLostReason(app.events, principalOf(request), request.body.name)),
  );

  app.patch(
    apiRoutes.lostReason,
    {
      config: MANAGERS_ROUTE,
      schema: {
        params: lostReasonParamsSchema,
        body: lostReasonInputSchema,
        response: { 200: lostReasonSchema },
      },
    },
    (request) =>
      changeLostReasonName(
        app.events,
        principalOf(request),
        request.params.reasonId,
        request.body.name,
      ),
  );

  app.delete(
    apiRoutes.lostReason,
    { config: MANAGERS_ROUTE, schema: { params: lostReasonParamsSchema } },
    async (request, reply) => {
      await deleteLostReason(deps, principalOf(request), request.params.reasonId);
      return reply.status(204).send();
    },
  );
};
