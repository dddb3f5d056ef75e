import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { consentChannels, consentSources } from '@leasing/contract';
import { id, timestamps } from './columns.js';
import { companies } from './companies.js';
import { conversationEvents } from './conversation-events.js';
import { leads, optStatus } from './leads.js';

export const consentChannel = pgEnum('consent_channel', consentChannels);
export const consentSource = pgEnum('consent_source', consentSources);

/**
 * Every consent change of a lead, per channel: when, to what, how (the source), and what made it
 * (the lead's message, the timeline event, the person or key). The lead's `phoneOptStatus` and
 * `emailOptStatus` are the current state; these rows are its history, kept for proof of consent.
 */
export const consentChanges = pgTable(
  'consent_changes',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    channel: consentChannel().notNull(),
    status: optStatus().notNull(),
    source: consentSource().notNull(),
    /** The lead's message that made the change, or the event recording it on the timeline. */
    timelineEventId: uuid().references(() => conversationEvents.id, { onDelete: 'set null' }),
    /** The lead's words, when a message made the change. */
    message: text(),
    actorUserId: uuid(),
    actorApiKeyId: uuid(),
    /** The person's (or key's) name as it was then. */
    actorName: text(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [
    index('consent_changes_lead_idx').on(
      table.leadId,
      table.channel,
      table.occurredAt.desc().nullsFirst(),
    ),
  ],
);

export type ConsentChangeRow = typeof consentChanges.$inferSelect;
export type NewConsentChangeRow = typeof consentChanges.$inferInsert;

/**
 * The company's opt-out register: an address (an E.164 phone for SMS, a lower-case email for
 * EMAIL) that opted out stays out, whichever lead of the company carries it and however the
 * lead's contact details are edited, until a lead with it opts back in. Every sender asks it.
 */
export const optOuts = pgTable(
  'opt_outs',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    channel: consentChannel().notNull(),
    address: text().notNull(),
    /** The lead whose opt-out put the address here (the register outlives it). */
    leadId: uuid().references(() => leads.id, { onDelete: 'set null' }),
    /** How it opted out; null when carried over from a lead's status before the register. */
    source: consentSource(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('opt_outs_company_address_idx').on(table.companyId, table.channel, table.address),
  ],
);

export type OptOutRow = typeof optOuts.$inferSelect;
