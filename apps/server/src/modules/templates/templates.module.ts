import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { countTemplateUse } from './templates.repository.js';
import { templatesRoutes } from './templates.routes.js';
import type { TemplatesDeps } from './templates.service.js';

/**
 * Message templates: kept on Settings → Templates, filled for a lead from the composer. A message
 * sent from one (`message.created` with its `templateId`) counts a use, in the send's transaction.
 */
export const templatesModule = fp<Pick<TemplatesDeps, 'storage' | 'payments'>>(
  async (app: FastifyInstance, { storage, payments }) => {
    const deps: TemplatesDeps = {
      db: app.database.db,
      events: app.events,
      storage,
      payments,
      publicUrl: app.config.publicUrl,
    };

    app.events.subscribeInTransaction('message.created', 'templates', async (event, { db }) => {
      if (!event.templateId || event.actor.kind !== 'user') return;
      await countTemplateUse(db, event.companyId, event.actor.userId, event.templateId);
    });

    await app.register(templatesRoutes, { deps });
  },
  { name: 'templates', dependencies: ['database', 'events', 'messaging', 'payments'] },
);
