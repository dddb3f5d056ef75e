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
    ...timestamps,
  },
  (table) => [
    index('conversation_events_lead_date_idx').on(table.leadId, table.date.desc(), table.id.desc()),
    uniqueIndex('conversation_events_external_unique')
      .on(table.companyId, table.externalId)
      .where(sql`${table.externalId} is not null`),
  ],
);

export type ConversationEventRow = typeof conversationEvents.$inferSelect;
export type NewConversationEventRow = typeof conversationEvents.$inferInsert;
