import { pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { draftModes } from '@leasing/contract';
import { id, timestamps } from './columns.js';
import { companies, users } from './companies.js';
import { leads } from './leads.js';
import { conversationEvents } from './conversation-events.js';

export const draftMode = pgEnum('draft_mode', draftModes);

/** What one staff member was writing to one lead: one row per (lead, user), saved as they type. */
export const leadDrafts = pgTable(
  'lead_drafts',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: draftMode().notNull(),
    text: text().notNull(),
    subject: text(),
    replyToEventId: uuid().references(() => conversationEvents.id, { onDelete: 'set null' }),
    /** The reply guard's base: the newest event the author had seen when they started writing. */
    basedOnEventId: uuid().references(() => conversationEvents.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [uniqueIndex('lead_drafts_lead_user_unique').on(table.leadId, table.userId)],
);

export type LeadDraftRow = typeof leadDrafts.$inferSelect;
