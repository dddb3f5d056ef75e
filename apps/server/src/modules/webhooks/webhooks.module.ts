import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock, type Clock } from '../../lib/clock.js';
import { createWebhookHandler } from './webhook-delivery.worker.js';
import { createWebhookMetrics } from './webhook-metrics.js';
import { webhookSourceTypes } from './webhook-events.js';
import { WEBHOOK_QUEUE, type WebhookJob } from './webhook-queue.js';
import { webhooksRoutes } from './webhooks.routes.js';
import { enqueueDeliveries, type WebhookDeps } from './webhooks.service.js';

/** Workers per process, and attempts each works at a time (a slow receiver waits alone). */
const WEBHOOK_WORKERS = 2;
const WEBHOOK_BATCH = 10;

/**
 * Outbound webhooks: a subscriber inside the writer's transaction stores one delivery per
 * interested endpoint and queues it (so nothing is lost, and nothing is sent for a change that
 * rolled back); the workers sign and POST, retrying on the configured schedule. A webhook
 * problem never fails the change: the subscriber's work runs in a savepoint, and what it throws is
 * logged and rolled back alone.
 */
export const webhooksModule = fp<{ now?: Clock }>(
  async (app: FastifyInstance, { now = systemClock }) => {
    const { config, queue } = app;
    const deps: WebhookDeps = {
      db: app.database.db,
      events: app.events,
      queue,
      config,
      now,
    };

    app.events.subscribeInTransaction(webhookSourceTypes, 'webhooks', async (event, scope) => {
      await scope.sql.executeSql('savepoint webhooks');
      try {
        await enqueueDeliveries(deps, event, scope);
        await scope.sql.executeSql('release savepoint webhooks');
      } catch (error) {
        await scope.sql.executeSql('rollback to savepoint webhooks');
        app.log.error(
          { err: error, eventType: event.type, eventId: event.id },
          'webhook deliveries could not be queued',
        );
      }
    });

    await queue.createQueue(WEBHOOK_QUEUE);
    const handler = createWebhookHandler({
      database: app.database,
      queue,
      config,
      now,
      log: app.log,
      attempted: createWebhookMetrics(app.metrics),
    });
    for (let i = 0; i < WEBHOOK_WORKERS; i += 1) {
      await queue.work<WebhookJob>(
        WEBHOOK_QUEUE,
        { pollingIntervalSeconds: 0.5, batchSize: WEBHOOK_BATCH },
        handler,
      );
    }

    await app.register(webhooksRoutes, { deps });
  },
  { name: 'webhooks', dependencies: ['database', 'queue', 'events', 'metrics'] },
);
