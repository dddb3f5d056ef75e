import {
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  eventTypes,
  senderTypes,
  sendingStatuses,
  type Attachment,
  type EventData,
} from '@leasing/contract';
import { id, timestamps } from './columns.js';
import { companies } from './companies.js';
import { leads } from './leads.js';

export const eventType = pgEnum('event_type', eventTypes);
export const senderType = pgEnum('sender_type', senderTypes);
export const sendingStatus = pgEnum('sending_status', sendingStatuses);

export const conversationEvents = pgTable(
  'conversation_events',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    eventType: eventType().notNull(),
    date: timestamp({ withTimezone: true }).notNull().defaultNow(),
    body: text(),
    senderName: text(),
    senderType: senderType().notNull(),
    iconUrl: text(),
    subject: text(),
    sendingStatus: sendingStatus(),
    attachments: jsonb().notNull().$type<Attachment[]>().default([]),
    data: jsonb().notNull().$type<EventData>().default({}),
    eventByUserName: text(),
    /** Id given by the system that created the event (integration, provider); makes appends idempotent. */
    externalId: text(),
    /** Staff user who sent an outgoing message. */
    sentByUserId: uuid(),
    /** Client-chosen key of the send request; a retried request finds its first event. */
    idempotencyKey: text(),
    /** The provider's id for the message: Twilio's Message SID, or the email's Message-ID. */
    providerMessageId: text(),
    /** The provider's last reported state (queued, sent, delivered, ...), to order late callbacks. */
    providerStatus: text(),
    providerErrorCode: text(),
    /** 'Send later': when a SCHEDULED message leaves (moved on when the send window holds it). */
    scheduledAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('conversation_events_idempotency_unique')
      .on(table.companyId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    // Per company: an inbound email's Message-ID is chosen by its sender, so one company's copy
    // must never collide with (or be taken for) another's. Twilio's SIDs are unique anyway.
    uniqueIndex('conversation_events_company_provider_message_unique')
      .on(table.companyId, table.providerMessageId)
      .where(sql`${table.providerMessageId} is not null`),
    index('conversation_events_provider_message_idx')
      .on(table.providerMessageId)
      .where(sql`${table.providerMessageId} is not null`),
    index('conversation_events_lead_date_idx').on(
      table.leadId,
      table.date.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Texts still on their way: the status reconciliation walks them oldest first.
    index('conversation_events_in_progress_idx')
      .on(table.updatedAt)
      .where(sql`${table.sendingStatus} = 'IN_PROGRESS'`),
    // The lead's scheduled messages, found when the lead writes (cancel-on-reply). Not on the
    // status: a new enum value cannot be used in the migration that adds it.
    index('conversation_events_lead_scheduled_idx')
      .on(table.leadId)
      .where(sql`${table.scheduledAt} is not null`),
    uniqueIndex('conversation_events_external_unique')
      .on(table.companyId, table.externalId)
      .where(sql`${table.externalId} is not null`),
  ],
);

export type ConversationEventRow = typeof conversationEvents.$inferSelect;
export type NewConversationEventRow = typeof conversationEvents.$inferInsert;
