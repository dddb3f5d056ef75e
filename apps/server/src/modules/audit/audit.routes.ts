import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, auditFilterSchema, auditPageSchema, auditQuerySchema } from '@leasing/contract';
import { ADMINS_ROUTE, principalOf } from '../../lib/principal.js';
import { auditCsv, listAudit } from './audit.service.js';

/** Admins read their company's audit trail (Settings → Audit) and export it as CSV. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;

  app.get(
    apiRoutes.audit,
    {
      config: ADMINS_ROUTE,
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    },
    (request) => listAudit(db, principalOf(request).companyId, request.query),
  );

  app.get(
    apiRoutes.auditExport,
    { config: ADMINS_ROUTE, schema: { querystring: auditFilterSchema } },
    (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(auditCsv(db, principalOf(request).companyId, request.query));
    },
  );
};
