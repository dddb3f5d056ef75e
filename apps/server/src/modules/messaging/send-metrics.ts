import { Histogram, type Registry } from 'prom-client';
import type { ConversationEventRow } from '../../db/schema/index.js';

/**
 * When a message was handed to the send queue: when it was written, or, for 'Send later', when it
 * was released (its `date` moves to the release).
 */
const queuedAtOf = (event: Pick<ConversationEventRow, 'createdAt' | 'date'>) =>
  event.date > event.createdAt ? event.date : event.createdAt;

/** Times each message from the send queue to the provider's acceptance, by channel. */
export const createSendMetrics = (registry: Registry) => {
  const latency = new Histogram({
    name: 'message_send_latency_seconds',
    help: 'From a message entering the send queue to the provider (Twilio, the SMTP relay) accepting it, by channel',
    labelNames: ['channel'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers: [registry],
  });
  return (
    event: Pick<ConversationEventRow, 'eventType' | 'createdAt' | 'date'>,
    acceptedAt: Date,
  ) =>
    latency.observe(
      { channel: event.eventType },
      Math.max(0, acceptedAt.getTime() - queuedAtOf(event).getTime()) / 1000,
    );
};
