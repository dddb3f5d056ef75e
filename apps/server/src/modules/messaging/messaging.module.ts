import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import fp from 'fastify-plugin';
import type { MessagingProviders } from './messaging-providers.js';
import {
  RELEASE_BATCH,
  RELEASE_WORKERS,
  SCHEDULED_RELEASE_QUEUE,
  SEND_DEAD_LETTER_QUEUE,
  SEND_QUEUE,
  type ReleaseJob,
  type SendJob,
} from './send-queue.js';
import { requeueSend, returnToSchedule } from './send-gate.js';
import { cancelOnLeadReply, releaseScheduled } from './scheduled-messages.service.js';
import { scheduledMessagesRoutes } from './scheduled-messages.routes.js';
import type { SendWindow } from '../scheduling/index.js';
import { mediaRoutes, messagingRoutes } from './messaging.routes.js';
import { createSendMetrics } from './send-metrics.js';
import { createDeadLetterHandler, createSendHandler } from './send.worker.js';
import { SYSTEM_EMAIL_QUEUE, type SystemEmail } from './system-email.service.js';
import { createSystemEmailHandler } from './system-email.worker.js';

/**
 * Send workers per process and jobs each takes at a time; the per-number rate slots keep each
 * number to its pace however many run.
 */
const SEND_WORKERS = 4;
const SEND_BATCH = 25;

export type MessagingModuleOptions = {
  now: Clock;
  /** When scheduled messages may leave (quiet hours); `alwaysAllowed` by default. */
  sendWindow: SendWindow;
  /** The providers the composition root built (`createMessagingProviders`). */
  providers: MessagingProviders;
};

/**
 * Messaging: providers (real or sandbox, by configuration), media storage, the send workers and
 * the routes that send and serve media; 'Send later' (scheduled
 * messages: their release worker, cancel-on-reply and their routes).
 */
export const messagingModule = fp<MessagingModuleOptions>(
  async (app: FastifyInstance, { now, sendWindow, providers }) => {
    const { config, queue } = app;
    const { sms, email, storage, limits } = providers;

    await queue.createQueue(SEND_DEAD_LETTER_QUEUE);
    await queue.createQueue(SEND_QUEUE, { name: SEND_QUEUE, deadLetter: SEND_DEAD_LETTER_QUEUE });
    const handler = createSendHandler({
      db: app.database.db,
      config,
      sms,
      email,
      storage,
      log: app.log,
      events: app.events,
      retryLater: async (jobId, error) => {
        await queue.fail(SEND_QUEUE, jobId, { message: error.message });
      },
      sendLater: (job, startAfterSeconds) =>
        requeueSend(queue, config.messaging.sendJobExpireSeconds, job, startAfterSeconds),
      accepted: createSendMetrics(app.metrics),
      sendWindow,
      now,
      backToSchedule: (eventId, at) => returnToSchedule({ queue, events: app.events }, eventId, at),
    });
    for (let i = 0; i < SEND_WORKERS; i += 1) {
      await queue.work<SendJob>(
        SEND_QUEUE,
        { includeMetadata: true, pollingIntervalSeconds: 0.5, batchSize: SEND_BATCH },
        handler,
      );
    }
    await queue.work<SendJob>(
      SEND_DEAD_LETTER_QUEUE,
      { pollingIntervalSeconds: 5 },
      createDeadLetterHandler({ db: app.database.db, events: app.events }),
    );
    const scheduleDeps = {
      database: app.database,
      events: app.events,
      queue,
      jobExpireSeconds: config.messaging.sendJobExpireSeconds,
      now,
    };
    await queue.createQueue(SCHEDULED_RELEASE_QUEUE);
    const releaseBatch = async (jobs: { data: ReleaseJob }[]) => {
      const results = await Promise.allSettled(
        jobs.map((job) => releaseScheduled({ ...scheduleDeps, sendWindow }, job.data.eventId)),
      );
      // The batch is retried as a whole: the releases that went through find nothing to do.
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    };
    for (let i = 0; i < RELEASE_WORKERS; i += 1) {
      await queue.work<ReleaseJob>(
        SCHEDULED_RELEASE_QUEUE,
        { pollingIntervalSeconds: 0.5, batchSize: RELEASE_BATCH },
        releaseBatch,
      );
    }
    // In the transaction that stores the lead's message: a scheduled message never leaves after
    // a reply it did not know of, unless it was marked to go anyway.
    app.events.subscribeInTransaction('message.received', 'send-later', (event, scope) =>
      cancelOnLeadReply(scope, event.leadId, event.timelineEventId),
    );

    await queue.createQueue(SYSTEM_EMAIL_QUEUE);
    await queue.work<SystemEmail>(
      SYSTEM_EMAIL_QUEUE,
      { pollingIntervalSeconds: 0.5 },
      createSystemEmailHandler({
        db: app.database.db,
        email,
        publicUrl: config.publicUrl,
        log: app.log,
      }),
    );

    await app.register(messagingRoutes, { now, storage, limits });
    await app.register(scheduledMessagesRoutes, { deps: scheduleDeps, limits });
    await app.register(mediaRoutes, { storage });
  },
  { name: 'messaging', dependencies: ['database', 'queue', 'events', 'metrics'] },
);
