import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { webhookDeliveryStatuses, type WebhookEventName } from '@leasing/contract';
import { id, timestamps } from './columns.js';
import { companies, users } from './companies.js';

export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', webhookDeliveryStatuses);

/** A URL of the company's that receives the events it picked, signed with its own secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    url: text().notNull(),
    description: text().notNull().default(''),
    /** Public event names (`message.sent`, …). */
    events: text().array().notNull().$type<WebhookEventName[]>(),
    /** `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
    secret: text().notNull(),
    active: boolean().notNull().default(true),
    createdByUserId: uuid().references(() => users.id),
    createdByUserName: text(),
    ...timestamps,
  },
  (table) => [index('webhook_endpoints_company_idx').on(table.companyId, table.createdAt)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One event for one endpoint. Its id is the idempotency id the receiver sees (`Webhook-Id`),
 * the same on every attempt and on 'Redeliver'. Written in the transaction of the change that
 * caused it, together with its queue job.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text().notNull().$type<WebhookEventName>(),
    /**
     * What makes two domain events the same webhook event (a received message whose stored copy
     * changed later is published again): at most one delivery per endpoint and key.
     */
    dedupeKey: text().notNull(),
    leadId: uuid(),
    payload: jsonb().notNull().$type<Record<string, unknown>>(),
    status: webhookDeliveryStatus().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    lastStatusCode: integer(),
    nextAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    unique('webhook_deliveries_endpoint_dedupe_unique').on(table.endpointId, table.dedupeKey),
    // Keyset pages of the delivery log, newest first, for each filter it offers.
    index('webhook_deliveries_company_idx').on(
      table.companyId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('webhook_deliveries_endpoint_idx').on(
      table.companyId,
      table.endpointId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('webhook_deliveries_status_idx').on(
      table.companyId,
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** What each attempt of a delivery got back: the delivery log's detail view. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: id(),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    durationMs: integer().notNull(),
    statusCode: integer(),
    error: text(),
  },
  (table) => [unique('webhook_delivery_attempts_number_unique').on(table.deliveryId, table.number)],
);

export type WebhookDeliveryAttemptRow = typeof webhookDeliveryAttempts.$inferSelect;
