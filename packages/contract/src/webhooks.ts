import { z } from 'zod';
import { isoDateSchema, pageOf, pageQuerySchema } from './common.js';

/**
 * Outbound webhooks: admins register URLs (Settings → Webhooks) and pick the events each one
 * receives. Every delivery is a signed JSON POST (Standard Webhooks headers), retried with backoff.
 */
export const webhookEventNames = [
  'lead.assigned',
  'lead.status_changed',
  'decision.completed',
  'message.sent',
  'message.received',
  'note.added',
  'follow_up.due',
  'tour.booked',
  'tour.rescheduled',
  'tour.cancelled',
  'tour.completed',
] as const;
export const webhookEventNameSchema = z.enum(webhookEventNames, {
  error: `must be one of ${webhookEventNames.join(', ')}`,
});
export type WebhookEventName = z.infer<typeof webhookEventNameSchema>;

/** One line per event: what makes it fire (the form's checkboxes and docs/integration-api.md). */
export const webhookEventInfo: Record<WebhookEventName, { description: string }> = {
  'lead.assigned': { description: 'A lead got a new owner: an agent, the assistant or nobody.' },
  'lead.status_changed': {
    description: 'A lead moved in the pipeline (by hand or automatically).',
  },
  'decision.completed': { description: 'An office decision was completed, with its outcome.' },
  'message.sent': {
    description: 'An outgoing SMS or email was stored by staff, a key or an automatic reply.',
  },
  'message.received': { description: 'A lead sent an SMS, MMS or email.' },
  'note.added': { description: 'Someone added an internal note to a lead.' },
  'follow_up.due': { description: "A lead's follow-up came due." },
  'tour.booked': { description: 'A tour was booked for a lead.' },
  'tour.rescheduled': { description: 'A booked tour moved to another time or type.' },
  'tour.cancelled': { description: 'A booked tour was cancelled and its place freed.' },
  'tour.completed': {
    description: "A tour's outcome was recorded: toured, or a no-show.",
  },
};

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export const webhookDeliveryStatusSchema = z.enum(webhookDeliveryStatuses);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

/** The headers every delivery carries (Standard Webhooks). */
export const webhookHeaders = {
  id: 'Webhook-Id',
  timestamp: 'Webhook-Timestamp',
  signature: 'Webhook-Signature',
} as const;

const hasNoCredentials = (value: string) => {
  try {
    const url = new URL(value);
    return url.username === '' && url.password === '';
  } catch {
    return true;
  }
};

/** Where deliveries go: an absolute http(s) URL without a user name or password in it. */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000, 'must be at most 2000 characters')
  .pipe(
    z.url({
      protocol: /^https?$/,
      hostname: z.regexes.hostname,
      error: 'enter a URL that starts with https:// (or http://)',
    }),
  )
  .refine(hasNoCredentials, 'must not contain a user name or password');

const eventListSchema = z
  .array(webhookEventNameSchema)
  .min(1, 'choose at least one event')
  .max(webhookEventNames.length)
  .refine((events) => new Set(events).size === events.length, 'lists an event twice');

const descriptionSchema = z.string().trim().max(500, 'must be at most 500 characters');

export const createWebhookEndpointRequestSchema = z.object({
  url: webhookUrlSchema,
  description: descriptionSchema.default(''),
  events: eventListSchema,
  active: z.boolean().default(true),
});
export type CreateWebhookEndpointRequest = z.input<typeof createWebhookEndpointRequestSchema>;

export const updateWebhookEndpointRequestSchema = z
  .object({
    url: webhookUrlSchema,
    description: descriptionSchema,
    events: eventListSchema,
    active: z.boolean(),
  })
  .partial()
  .refine((update) => Object.keys(update).length > 0, 'change at least one field');
export type UpdateWebhookEndpointRequest = z.infer<typeof updateWebhookEndpointRequestSchema>;

export const webhookEndpointSchema = z.object({
  _id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventNameSchema),
  active: z.boolean(),
  /** The signing secret (`whsec_…`): admins may read it at any time, and rotate it. */
  secret: z.string(),
  createdAt: isoDateSchema,
  createdByUserName: z.string().nullable(),
  /** The newest delivery to this endpoint, if any. */
  lastDelivery: z
    .object({
      _id: z.string(),
      event: webhookEventNameSchema,
      status: webhookDeliveryStatusSchema,
      createdAt: isoDateSchema,
    })
    .nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.array(webhookEndpointSchema);

export const webhookEndpointParamsSchema = z.object({ endpointId: z.uuid() });
export const webhookDeliveryParamsSchema = z.object({ deliveryId: z.uuid() });

export const webhookDeliverySummarySchema = z.object({
  /** Also the `Webhook-Id` header and the payload's `id`: the receiver's idempotency key. */
  _id: z.string(),
  endpoint: z.object({ _id: z.string(), url: z.string() }),
  event: webhookEventNameSchema,
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  /** How many attempts a delivery gets before it is `failed`. */
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  /** When the next attempt is due (pending only). */
  nextAttemptAt: isoDateSchema.nullable(),
  deliveredAt: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
});
export type WebhookDeliverySummary = z.infer<typeof webhookDeliverySummarySchema>;

export const webhookDeliveryPageSchema = pageOf(webhookDeliverySummarySchema);
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookDeliveryAttemptSchema = z.object({
  number: z.number().int(),
  at: isoDateSchema,
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type WebhookDeliveryAttempt = z.infer<typeof webhookDeliveryAttemptSchema>;

export const webhookDeliverySchema = webhookDeliverySummarySchema.extend({
  /** The JSON body sent (the same on every attempt). */
  payload: z.record(z.string(), z.unknown()),
  attemptLog: z.array(webhookDeliveryAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryQuerySchema = pageQuerySchema.extend({
  endpointId: z.uuid('Choose an endpoint from the list').optional(),
  status: webhookDeliveryStatusSchema.optional(),
});
export type WebhookDeliveryQuery = z.input<typeof webhookDeliveryQuerySchema>;

/** Who did what a webhook reports. */
export const webhookActorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), name: z.string(), email: z.string().nullable() }),
  z.object({ kind: z.literal('api-key'), name: z.string().nullable() }),
  z.object({ kind: z.literal('system') }),
]);
export type WebhookActor = z.infer<typeof webhookActorSchema>;

/** The body of every delivery: the event's facts under `data`, the lead always among them. */
export const webhookPayloadSchema = z.object({
  /** The delivery's id, as in `Webhook-Id`: the same on every retry and on 'Redeliver'. */
  id: z.string(),
  type: webhookEventNameSchema,
  /** When the event happened. */
  createdAt: isoDateSchema,
  companyId: z.string(),
  data: z
    .object({
      lead: z.object({
        id: z.string(),
        pmsLeadId: z.string(),
        propertyId: z.string(),
        pmsPropertyId: z.string(),
        name: z.string(),
      }),
    })
    .catchall(z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
