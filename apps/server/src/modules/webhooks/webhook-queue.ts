export const WEBHOOK_QUEUE = 'webhook-delivery';

/** One attempt of one delivery: `attempt` is its number (1 for the first). */
export type WebhookJob = { deliveryId: string; attempt: number };

/**
 * pg-boss retries a job only when its worker died or crashed mid-attempt (the job expires a little
 * after the attempt's timeout); the schedule of failed attempts is ours (`startAfter`).
 */
export const webhookJobOptions = (timeoutMs: number) =>
  ({
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: Math.ceil(timeoutMs / 1000) + 30,
  }) as const;
