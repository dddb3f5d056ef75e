import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { officeDecisionStatuses, optStatuses } from '@leasing/contract';
import { id, timestamps } from './columns.js';
import { companies, users } from './companies.js';
import { properties } from './properties.js';

export const optStatus = pgEnum('opt_status', optStatuses);
export const officeDecisionStatus = pgEnum('office_decision_status', officeDecisionStatuses);

export const leads = pgTable(
  'leads',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    propertyId: uuid()
      .notNull()
      .references(() => properties.id),
    pmsLeadId: text().notNull(),
    name: text().notNull(),
    /** E.164 */
    phone: text(),
    email: text(),
    phoneOptStatus: optStatus().notNull().default('NO_INDICATION'),
    emailOptStatus: optStatus().notNull().default('NO_INDICATION'),
    /** Mail to the lead hard-bounced (the address takes no mail), and why. */
    emailBouncedAt: timestamp({ withTimezone: true }),
    emailBounceReason: text(),
    tourDateUtc: timestamp({ withTimezone: true }),
    officeDecisionStatus: officeDecisionStatus(),
    officeDecisionCompletedAt: timestamp({ withTimezone: true }),
    officeDecisionCompletedByUserId: uuid().references(() => users.id),
    officeDecisionCompletedByUserName: text(),
    preferredLanguage: text(),
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [
    unique('leads_property_pms_unique').on(table.propertyId, table.pmsLeadId),
    index('leads_property_activity_idx').on(
      table.propertyId,
      table.lastActivityAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('leads_company_idx').on(table.companyId),
    // Inbound routing: a text is matched by the sender's number, an email by its address.
    index('leads_phone_idx').on(table.phone),
    index('leads_company_email_idx').on(table.companyId, sql`lower(${table.email})`),
  ],
);

export type LeadRow = typeof leads.$inferSelect;
export type NewLeadRow = typeof leads.$inferInsert;
