import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { companies, users } from './companies.js';
import { conversationEvents } from './conversation-events.js';
import { leads } from './leads.js';
import { properties } from './properties.js';

/**
 * Each reply that ended a lead's waiting stretch (the first response to it), for speed-to-lead
 * reports. The `conversation_events_touch_leads` trigger writes the row when the reply is stored
 * (no writer can forget it); the speed-to-lead subscriber adds who answered and the office-hours
 * minutes it took.
 */
export const firstResponses = pgTable(
  'first_responses',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    propertyId: uuid()
      .notNull()
      .references(() => properties.id),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** The reply (its timeline event). */
    conversationEventId: uuid()
      .notNull()
      .unique()
      .references(() => conversationEvents.id, { onDelete: 'cascade' }),
    /** The oldest lead message the reply answered. */
    firstInboundAt: timestamp({ withTimezone: true }).notNull(),
    firstResponseAt: timestamp({ withTimezone: true }).notNull(),
    /** `user`, `api-key` or `assistant`. */
    responderKind: text().notNull(),
    responderUserId: uuid().references(() => users.id),
    responderApiKeyId: uuid(),
    /** Minutes of the property's office hours between the two; null until computed. */
    businessMinutes: integer(),
    ...timestamps,
  },
  (table) => [
    index('first_responses_company_idx').on(table.companyId, table.firstResponseAt),
    index('first_responses_lead_idx').on(table.leadId),
  ],
);

export type FirstResponseRow = typeof firstResponses.$inferSelect;
