import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  followUpQuerySchema,
  followUpReportSchema,
  funnelQuerySchema,
  funnelReportSchema,
  reportExportQuerySchema,
  reportLeadsQuerySchema,
  reportDigestSettingsSchema,
  reportDigestUpdateSchema,
  reportLeadsSchema,
  speedToLeadQuerySchema,
  speedToLeadReportSchema,
} from '@leasing/contract';
import { principalOf } from '../../lib/principal.js';
import type { FastifyRequest } from 'fastify';
import { getDigestSettings, setDigestSettings, type DigestDeps } from './report-digest.js';
import { sendReportCsv } from './reports-export.js';
import {
  followUpReport,
  funnelReport,
  reportLeads,
  speedToLeadReport,
  type ReportViewer,
} from './reports.service.js';

const viewerOf = (request: FastifyRequest): ReportViewer => {
  const principal = principalOf(request);
  return {
    kind: 'user',
    companyId: principal.companyId,
    userId: principal.id,
    role: principal.role,
  };
};

/**
 * Reports for staff: every role may ask; an agent's figures are their own leads' (the service
 * narrows the scope, and refuses another owner's with 403).
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ deps: DigestDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiRoutes.reportsDigest,
    { schema: { response: { 200: reportDigestSettingsSchema } } },
    (request) => getDigestSettings(deps.db, principalOf(request)),
  );
  app.put(
    apiRoutes.reportsDigest,
    {
      config: { roles: ['manager', 'admin'] },
      schema: { body: reportDigestUpdateSchema, response: { 200: reportDigestSettingsSchema } },
    },
    (request) => setDigestSettings(deps, principalOf(request), request.body.weeklyDigest),
  );

  app.get(
    apiRoutes.reportsFunnel,
    { schema: { querystring: funnelQuerySchema, response: { 200: funnelReportSchema } } },
    (request) => funnelReport(deps, viewerOf(request), request.query),
  );
  app.get(
    apiRoutes.reportsSpeedToLead,
    {
      schema: { querystring: speedToLeadQuerySchema, response: { 200: speedToLeadReportSchema } },
    },
    (request) => speedToLeadReport(deps, viewerOf(request), request.query),
  );
  app.get(
    apiRoutes.reportsFollowUp,
    { schema: { querystring: followUpQuerySchema, response: { 200: followUpReportSchema } } },
    (request) => followUpReport(deps, viewerOf(request), request.query),
  );
  app.get(
    apiRoutes.reportsLeads,
    { schema: { querystring: reportLeadsQuerySchema, response: { 200: reportLeadsSchema } } },
    (request) => reportLeads(deps, viewerOf(request), request.query),
  );
  app.get(
    apiRoutes.reportsLeadsCsv,
    { schema: { querystring: reportExportQuerySchema } },
    (request, reply) => sendReportCsv(reply, deps, viewerOf(request), request.query),
  );
};
