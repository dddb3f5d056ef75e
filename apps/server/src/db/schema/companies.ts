import { pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companyStatuses } from '@leasing/contract';
import { id, timestamps } from './columns.js';

export const companyStatus = pgEnum('company_status', companyStatuses);

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
    ...timestamps,
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)],
);

export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;
