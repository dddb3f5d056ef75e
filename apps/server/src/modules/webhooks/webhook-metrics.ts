import { Counter, type Registry } from 'prom-client';

/** What came of one delivery attempt: it succeeded, it failed and will be retried, or failed for good. */
export type WebhookAttemptOutcome = 'succeeded' | 'retried' | 'failed';

/** Counts webhook delivery attempts by outcome in the app's registry. */
export const createWebhookMetrics = (registry: Registry) => {
  const deliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Outbound webhook delivery attempts by outcome: succeeded, retried (failed, tried again later), failed (for good)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  return (outcome: WebhookAttemptOutcome) => deliveries.inc({ outcome });
};
