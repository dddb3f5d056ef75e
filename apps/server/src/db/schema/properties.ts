import { foreignKey, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { WeekHours } from '@leasing/contract';
import { id, timestamps } from './columns.js';
import { companies } from './companies.js';
import { phoneNumbers } from './phone-numbers.js';

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
    /**
     * The property's own SMS number (E.164), one its company owns in the numbers registry;
     * properties without one send from their company's shared number.
     */
    smsNumber: text().unique(),
    /** IANA zone of the property's office hours; null: the company's zone. */
    timeZone: text(),
    /** Opening hours per weekday (speed-to-lead counts in them); null: 9:00–18:00 Mon–Sat. */
    officeHours: jsonb().$type<WeekHours>(),
    /**
     * A text from the property's number failed with Twilio 30034 (number not registered for A2P
     * 10DLC), and none was delivered since: admins see a banner. Null when texts go through.
     */
    a2pUnregisteredAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    unique('properties_company_pms_unique').on(table.companyId, table.pmsPropertyId),
    // The database itself refuses a property whose number another company owns.
    foreignKey({
      name: 'properties_sms_number_owned_fk',
      columns: [table.smsNumber, table.companyId],
      foreignColumns: [phoneNumbers.e164, phoneNumbers.companyId],
    }),
  ],
);

export type PropertyRow = typeof properties.$inferSelect;
