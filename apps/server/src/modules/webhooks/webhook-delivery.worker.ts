import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { postWebhook, type PostResult } from './webhook-http.js';
import { WEBHOOK_QUEUE, webhookJobOptions, type WebhookJob } from './webhook-queue.js';
import type { WebhookAttemptOutcome } from './webhook-metrics.js';
import { signedHeaders } from './webhook-signature.js';
import { findDeliveryToSend, markDeliveryFailed, recordAttempt } from './webhooks.repository.js';

export type WebhookWorkerDeps = {
  database: Pick<Database, 'db' | 'transaction'>;
  queue: Pick<PgBoss, 'send'>;
  config: Pick<AppConfig, 'webhooks'>;
  now: Clock;
  log: FastifyBaseLogger;
  /** Told what came of each attempt (the metrics count it). */
  attempted: (outcome: WebhookAttemptOutcome) => void;
};

const isSuccess = (result: PostResult) =>
  result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;

/**
 * One attempt of one delivery: sign, POST, record what came back. A failed attempt queues the
 * next one after the schedule's wait, in the same transaction as its record; the last one leaves
 * the delivery `failed`. A job for an attempt that was already made (a duplicate, a redelivery
 * that raced a retry) does nothing, so each attempt is recorded once.
 */
export const deliverOne = async (deps: WebhookWorkerDeps, job: WebhookJob) => {
  const found = await findDeliveryToSend(deps.database.db, job.deliveryId);
  if (!found) return; // The endpoint was deleted, and its deliveries with it.
  const { delivery } = found;
  if (delivery.status !== 'pending' || delivery.attempts !== job.attempt - 1) return;
  if (!found.active) {
    await markDeliveryFailed(deps.database.db, delivery.id, 'The endpoint is switched off.');
    deps.attempted('failed');
    return;
  }

  const body = JSON.stringify(delivery.payload);
  const startedAt = deps.now();
  const result = await postWebhook({
    url: found.url,
    body,
    headers: signedHeaders(found.secret, delivery.id, startedAt, body),
    timeoutMs: deps.config.webhooks.timeoutMs,
    allowPrivateNetworks: deps.config.webhooks.allowPrivateNetworks,
    now: deps.now,
  });

  const succeeded = isSuccess(result);
  const delays = deps.config.webhooks.retryDelaysMs;
  const wait = succeeded ? undefined : delays[job.attempt - 1];
  const nextAttemptAt = wait === undefined ? null : new Date(deps.now().getTime() + wait);
  const recorded = await deps.database.transaction(async ({ db, sql }) => {
    const recorded = await recordAttempt(db, delivery.id, {
      number: job.attempt,
      startedAt,
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      error: result.error,
      status: succeeded ? 'succeeded' : nextAttemptAt ? 'pending' : 'failed',
      nextAttemptAt,
    });
    if (recorded && nextAttemptAt)
      await deps.queue.send(
        WEBHOOK_QUEUE,
        { deliveryId: delivery.id, attempt: job.attempt + 1 } satisfies WebhookJob,
        {
          ...webhookJobOptions(deps.config.webhooks.timeoutMs),
          startAfter: nextAttemptAt,
          db: sql,
        },
      );
    return recorded;
  });
  if (recorded) deps.attempted(succeeded ? 'succeeded' : nextAttemptAt ? 'retried' : 'failed');
  if (!succeeded) {
    deps.log.info(
      { deliveryId: delivery.id, attempt: job.attempt, error: result.error, nextAttemptAt },
      'webhook attempt failed',
    );
  }
};

/** Works a batch of jobs side by side: one slow receiver does not hold up the others. */
export const createWebhookHandler =
  (deps: WebhookWorkerDeps) => async (jobs: PgBoss.Job<WebhookJob>[]) => {
    await Promise.all(jobs.map((job) => deliverOne(deps, job.data)));
  };
