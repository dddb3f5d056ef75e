import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  assignLeadRequestSchema,
  assignmentRuleListSchema,
  assignmentRuleSchema,
  bulkAssignRequestSchema,
  bulkAssignResponseSchema,
  leadIdParamsSchema,
  leadSummarySchema,
  propertyParamsSchema,
  staffListSchema,
  updateAssignmentRuleRequestSchema,
} from '@leasing/contract';
import type { Clock } from '../../lib/clock.js';
import { MANAGERS_ROUTE, principalOf } from '../../lib/principal.js';
import {
  assignLead,
  assignLeads,
  getAssignmentRules,
  listStaff,
  updateAssignmentRule,
} from './owners.service.js';

export const ownersRoutes: FastifyPluginAsyncZod<{ now: Clock }> = async (app, { now }) => {
  app.addHook('onRequest', app.authenticate);
  const scope = { db: app.database.db, events: app.events, now };

  app.put(
    apiRoutes.leadOwner,
    {
      schema: {
        summary: "Change a lead's owner",
        params: leadIdParamsSchema,
        body: assignLeadRequestSchema,
        response: { 200: leadSummarySchema },
      },
    },
    (request) => assignLead(scope, principalOf(request), request.params.leadId, request.body.owner),
  );

  app.post(
    apiRoutes.leadsOwner,
    {
      schema: {
        summary: 'Give several leads one owner',
        body: bulkAssignRequestSchema,
        response: { 200: bulkAssignResponseSchema },
      },
    },
    (request) => assignLeads(scope, principalOf(request), request.body.leadIds, request.body.owner),
  );

  app.get(
    apiRoutes.staff,
    { schema: { summary: "The company's active people", response: { 200: staffListSchema } } },
    (request) => listStaff(scope.db, principalOf(request)),
  );

  app.get(
    apiRoutes.assignmentRules,
    {
      config: MANAGERS_ROUTE,
      schema: {
        summary: "Each property's automatic assignment",
        response: { 200: assignmentRuleListSchema },
      },
    },
    (request) => getAssignmentRules(scope.db, principalOf(request)),
  );

  app.put(
    apiRoutes.propertyAssignment,
    {
      config: MANAGERS_ROUTE,
      schema: {
        summary: "Change a property's automatic assignment",
        params: propertyParamsSchema,
        body: updateAssignmentRuleRequestSchema,
        response: { 200: assignmentRuleSchema },
      },
    },
    (request) =>
      updateAssignmentRule(scope, principalOf(request), request.params.propertyId, request.body),
  );
};
