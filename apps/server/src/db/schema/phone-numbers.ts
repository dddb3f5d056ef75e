import { pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { companies, users } from './companies.js';

/**
 * The numbers registry: every SMS number the deployment texts from or receives on belongs to
 * exactly one company. Inbound texts to a number are routed only inside its company, and a
 * property can only use a number its company owns (`properties.sms_number` references this table
 * together with the property's company).
 */
export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    id: id(),
    /** E.164, unique across the deployment. */
    e164: text().notNull().unique(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    /** Who registered it; null when the operator CLI or start-up (the shared number) did. */
    addedByUserId: uuid().references(() => users.id),
    ...timestamps,
  },
  (table) => [unique('phone_numbers_e164_company_unique').on(table.e164, table.companyId)],
);

export type PhoneNumberRow = typeof phoneNumbers.$inferSelect;
