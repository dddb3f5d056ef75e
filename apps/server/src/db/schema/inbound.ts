import {
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  index,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { inboundChannels, type Attachment } from '@leasing/contract';
import { id, timestamps } from './columns.js';
import { companies } from './companies.js';
import { leads } from './leads.js';
import { users } from './companies.js';

export const inboundChannel = pgEnum('inbound_channel', inboundChannels);

/**
 * Inbound messages no lead could be chosen for. `companyId` is null for a text to the shared
 * number from a stranger: every company sending from that number may read it.
 */
export const unmatchedMessages = pgTable(
  'unmatched_messages',
  {
    id: id(),
    channel: inboundChannel().notNull(),
    companyId: uuid().references(() => companies.id),
    fromAddress: text().notNull(),
    toAddress: text().notNull(),
    subject: text(),
    body: text(),
    attachments: jsonb().notNull().$type<Attachment[]>().default([]),
    data: jsonb().notNull().$type<Record<string, unknown>>().default({}),
    reason: text().notNull(),
    /** Makes deliveries idempotent: `sms:{MessageSid}`, `email:{companyId}:{Message-ID or hash}`. */
    dedupeKey: text().notNull().unique(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null while open; how a person resolved it otherwise. */
    resolution: text().$type<'ASSIGNED' | 'LEAD_CREATED' | 'DISMISSED'>(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    resolvedByName: text(),
    /** The lead the message was moved to. */
    leadId: uuid().references(() => leads.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('unmatched_messages_company_open_idx')
      .on(table.companyId)
      .where(sql`${table.resolution} is null`),
    index('unmatched_messages_received_idx').on(
      table.receivedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export type UnmatchedMessageRow = typeof unmatchedMessages.$inferSelect;
export type NewUnmatchedMessageRow = typeof unmatchedMessages.$inferInsert;

/**
 * Inbound SMTP messages counted per key (`ip:…`, `sender:…`) and hour, shared by every process:
 * one atomic upsert per message answers the hour's count so far.
 */
export const inboundRateCounters = pgTable(
  'inbound_rate_counters',
  {
    key: text().notNull(),
    hourStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.key, table.hourStart] })],
);
