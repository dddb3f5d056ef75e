import { pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { companies } from './companies.js';

export const properties = pgTable(
  'properties',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    pmsPropertyId: text().notNull(),
    name: text().notNull(),
    address: text(),
    /** The property's own SMS number (E.164); properties without one send from TWILIO_FROM. */
    smsNumber: text().unique(),
    ...timestamps,
  },
  (table) => [unique('properties_company_pms_unique').on(table.companyId, table.pmsPropertyId)],
);

export type PropertyRow = typeof properties.$inferSelect;
