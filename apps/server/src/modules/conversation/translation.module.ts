import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type PgBoss from 'pg-boss';
import type { AppConfig } from '../../config.js';
import type { SqlExecutor } from '../../db/client.js';
import type { ConversationEventRow, LeadRow } from '../../db/schema/index.js';
import { createLibreTranslateClient } from '../../providers/libretranslate.js';
import { translationSource } from './language.js';
import {
  TRANSLATE_QUEUE,
  TRANSLATE_RETRY_LIMIT,
  translateEvent,
  type TranslateJob,
} from './translation.service.js';

/** What the inbound channels ask of translation, built once by the composition root. */
export type TranslationRequests = {
  enabled: boolean;
  /**
   * Queues the English translation of a lead's message when translation is on and the message
   * needs one. Pass the transaction's `sql` to queue it with the message (all or nothing).
   */
  requestIfNeeded: (
    event: Pick<ConversationEventRow, 'id' | 'body' | 'senderType'>,
    lead: Pick<LeadRow, 'preferredLanguage'>,
    sql?: SqlExecutor,
  ) => Promise<void>;
};

/** Translation requests on the queue when `TRANSLATE_URL` is set; otherwise requests do nothing. */
export const createTranslationRequests = (
  settings: AppConfig['translate'],
  queue: PgBoss,
): TranslationRequests =>
  settings
    ? {
        enabled: true,
        requestIfNeeded: async (event, lead, sql) => {
          if (event.senderType !== 'LEAD') return;
          if (!translationSource(event.body, lead.preferredLanguage)) return;
          await queue.send(TRANSLATE_QUEUE, { eventId: event.id } satisfies TranslateJob, {
            retryLimit: TRANSLATE_RETRY_LIMIT,
            retryDelay: 2,
            retryBackoff: true,
            expireInSeconds: 60,
            ...(sql ? { db: sql } : {}),
          });
        },
      }
    : { enabled: false, requestIfNeeded: async () => {} };

/**
 * Translation of leads' messages into English through a LibreTranslate-compatible API
 * (`TRANSLATE_URL`). Jobs run on the queue: a slow or failing translator never holds up or loses a
 * message, it only delays its translation (retried with backoff, then given up).
 */
export const translationModule = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.translate;
    if (!settings) return;
    const translator = createLibreTranslateClient(settings);
    await app.queue.createQueue(TRANSLATE_QUEUE);
    await app.queue.work<TranslateJob>(
      TRANSLATE_QUEUE,
      { pollingIntervalSeconds: 0.5, batchSize: 5 },
      async (jobs) => {
        for (const job of jobs) {
          await translateEvent(
            { db: app.database.db, events: app.events },
            translator,
            app.log,
            job.data.eventId,
          ).catch((error: Error) => {
            app.log.warn({ err: error, eventId: job.data.eventId }, 'translation failed');
            throw error;
          });
        }
      },
    );
  },
  { name: 'translation', dependencies: ['queue', 'database', 'events'] },
);
