import {
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies, users } from './companies.js';
import { leads } from './leads.js';
import { properties } from './properties.js';

/**
 * What the reports count, one row per lead, kept by the reports module inside the transaction of
 * each change (the event port's in-transaction subscribers), so a report reads these and never the
 * timeline. Each `*_at` step is the first time the lead reached it (a step skipped is passed on the
 * date of the later one); `lost_at`/`lost_reason` are set while the lead is lost. A lead with no
 * row yet has reached nothing beyond being created (its `leads` row says when).
 */
export const leadReportFacts = pgTable(
  'lead_report_facts',
  {
    leadId: uuid()
      .primaryKey()
      .references(() => leads.id, { onDelete: 'cascade' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    propertyId: uuid()
      .notNull()
      .references(() => properties.id),
    /** The lead's first message to us: the speed-to-lead clock starts. */
    firstInboundAt: timestamp({ withTimezone: true }),
    /** Our first message after it (the first response), who sent it, and the wait. */
    firstResponseAt: timestamp({ withTimezone: true }),
    /** `user`, `api-key` or `assistant`. */
    firstResponderKind: text(),
    firstResponderUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Office-hours minutes of the lead's property between the two (recomputed when hours change). */
    firstResponseOfficeMinutes: doublePrecision(),
    contactedAt: timestamp({ withTimezone: true }),
    tourScheduledAt: timestamp({ withTimezone: true }),
    touredAt: timestamp({ withTimezone: true }),
    appliedAt: timestamp({ withTimezone: true }),
    leasedAt: timestamp({ withTimezone: true }),
    lostAt: timestamp({ withTimezone: true }),
    lostReason: text(),
    /** The last tour's outcome as recorded: `TOURED` or `NO_SHOW`. */
    tourOutcome: text(),
    /** Messages the team sent before a tour was first scheduled. */
    touchesBeforeTour: integer().notNull().default(0),
    /** The team's latest message to the lead. */
    lastOutboundAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('lead_report_facts_company_idx').on(table.companyId, table.propertyId),
    index('lead_report_facts_first_inbound_idx').on(table.companyId, table.firstInboundAt),
  ],
);

export type LeadReportFactsRow = typeof leadReportFacts.$inferSelect;
