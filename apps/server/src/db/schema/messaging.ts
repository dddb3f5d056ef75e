import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { id } from './columns.js';
import { companies } from './companies.js';
import { conversationEvents } from './conversation-events.js';
import { invitations } from './invitations.js';

/** What the sandbox providers "sent": the exact message a real provider would have received. */
export const sandboxOutbox = pgTable(
  'sandbox_outbox',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    eventId: uuid().references(() => conversationEvents.id, { onDelete: 'set null' }),
    channel: text().notNull().$type<'SMS' | 'EMAIL'>(),
    from: text().notNull(),
    to: text().notNull(),
    subject: text(),
    body: text().notNull(),
    mediaUrls: jsonb().notNull().$type<string[]>().default([]),
    /** Full MIME source of an email (none for a sign-in email: it would carry the link). */
    raw: text(),
    /**
     * The email carries someone's sign-in link (an invitation): only admins list it, and its body
     * is stored with the link masked — the link itself is never kept here.
     */
    signInLink: boolean().notNull().default(false),
    /** The invitation a sign-in email was sent for ('Copy invitation link'). */
    invitationId: uuid().references(() => invitations.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sandbox_outbox_company_created_idx').on(
      table.companyId,
      table.createdAt.desc().nullsFirst(),
    ),
  ],
);

/**
 * The next moment each sending number may send: workers in any process reserve a slot here, so a
 * number is held to its rate across the whole deployment.
 */
export const sendingSlots = pgTable('sending_slots', {
  sender: text().primaryKey(),
  nextAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Status callbacks that arrived before the provider's answer to the send was recorded (Twilio may
 * call back within milliseconds): kept here and applied as soon as the message's SID is written.
 */
export const earlyProviderStatuses = pgTable(
  'early_provider_statuses',
  {
    providerMessageId: text().notNull(),
    providerStatus: text().notNull(),
    errorCode: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.providerMessageId, table.providerStatus] }),
    index('early_provider_statuses_received_idx').on(table.receivedAt),
  ],
);

export type SandboxOutboxRow = typeof sandboxOutbox.$inferSelect;
