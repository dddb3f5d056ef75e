import {
  boolean,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companyStatuses, staffRoles } from '@leasing/contract';
import { id, timestamps } from './columns.js';

export const companyStatus = pgEnum('company_status', companyStatuses);
export const staffRole = pgEnum('staff_role', staffRoles);

export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text().notNull(),
    status: companyStatus().notNull().default('ACTIVE'),
    registeredLeasingEmail: text(),
    /** The office's phone number (E.164), given to leads who text HELP. */
    contactPhone: text(),
    timeZone: text().notNull().default('America/New_York'),
    /** Speed-to-lead: minutes of office hours within which a waiting lead should get a reply. */
    firstReplyTargetMinutes: integer().notNull().default(15),
    /** Quiet hours: texts reach a lead only from `start` to `end` (HH:MM, `24:00`) of their time. */
    quietHoursStart: text().notNull().default('08:00'),
    quietHoursEnd: text().notNull().default('21:00'),
    /** Apply the stricter US state rules (Florida, Oklahoma, Texas) on top. */
    quietHoursStateRules: boolean().notNull().default(true),
    /** Staff may 'Send now' outside the allowed hours. */
    quietHoursAllowSendNow: boolean().notNull().default(true),
    ...timestamps,
  },
  (table) => [
    // Inbound mail is routed to a company by the address it was sent to.
    uniqueIndex('companies_leasing_email_unique')
      .on(sql`lower(${table.registeredLeasingEmail})`)
      .where(sql`${table.registeredLeasingEmail} is not null`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    email: text().notNull(),
    name: text().notNull(),
    pictureUrl: text(),
    passwordHash: text(),
    role: staffRole().notNull().default('agent'),
    /** The person's own phone (E.164), set by them: click-to-call rings it before the lead. */
    phone: text(),
    /** Set when an admin deactivates the user: they can no longer sign in or use any token. */
    deactivatedAt: timestamp({ withTimezone: true }),
    /** ID tokens issued before this moment are refused (role change, deactivation, sign-out everywhere). */
    tokensValidAfter: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)],
);

export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;
