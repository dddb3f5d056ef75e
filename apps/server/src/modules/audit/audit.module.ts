import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { auditRowOf } from './audit-entry.js';
import { findApiKeyName, insertAuditRow } from './audit.repository.js';
import { auditRoutes } from './audit.routes.js';

/**
 * The audit trail: a subscriber of the event port inside the writer's transaction, so no change
 * commits without its row (and a failing insert rolls the change back). The caller's address and
 * request id come from the request context.
 */
export const auditModule: FastifyPluginAsync = fp(
  async (app) => {
    app.events.subscribeInTransaction('*', 'audit', async (event, { db }) => {
      const keyName =
        'actor' in event && event.actor?.kind === 'api-key'
          ? await findApiKeyName(db, event.actor.apiKeyId)
          : null;
      const row = auditRowOf(event, {
        ip: app.requestContext.get('ip') ?? null,
        requestId: app.requestContext.get('requestId') ?? null,
        keyName,
      });
      if (row) await insertAuditRow(db, row);
    });
    await app.register(auditRoutes);
  },
  { name: 'audit-module' },
);
