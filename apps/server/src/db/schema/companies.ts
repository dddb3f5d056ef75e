import { pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companyStatuses } from '@leasing/contract';
import { id, timestamps } from './columns.js';

export const companyStatus = pgEnum('company_status', companyStatuses);

export const companies = pgTable('companies', {
  id: id(),
  name: text().notNull(),
  status: companyStatus().notNull().default('ACTIVE'),
  registeredLeasingEmail: text(),
  timeZone: text().notNull().default('America/New_York'),
  ...timestamps,
});

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
