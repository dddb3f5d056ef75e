import {
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { companies, users } from './companies.js';
import { leadSources } from './lead-sources.js';
import { properties } from './properties.js';

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
    /** The source a lead gets when its first message comes to this number (a tracking number). */
    sourceId: uuid().references(() => leadSources.id),
    /**
     * A tracking number's property: texts and calls to it are that property's leads'. Null: none
     * (a property's own number, the shared one, or a company number shared by its properties).
     */
    propertyId: uuid().references((): AnyPgColumn => properties.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [unique('phone_numbers_e164_company_unique').on(table.e164, table.companyId)],
);

export type PhoneNumberRow = typeof phoneNumbers.$inferSelect;

/**
 * A number a company gave up (removed from its registry). For 30 days only that company may take
 * it again, so nobody can grab a number the moment another company lets it go (its leads may still
 * text it). Each registration, kept or released, is counted once towards a company's daily limit:
 * a live one by `phone_numbers.created_at`, a released one by `registered_at` here.
 */
export const phoneNumberReleases = pgTable(
  'phone_number_releases',
  {
    id: id(),
    /** E.164. */
    e164: text().notNull(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    /** When the released registration was made (the removed `phone_numbers.created_at`). */
    registeredAt: timestamp({ withTimezone: true }).notNull(),
    releasedAt: timestamp({ withTimezone: true }).notNull(),
    /** Who removed it. */
    releasedByUserId: uuid().references(() => users.id),
    ...timestamps,
  },
  (table) => [
    index('phone_number_releases_e164_idx').on(table.e164, table.releasedAt),
    index('phone_number_releases_company_idx').on(table.companyId, table.registeredAt),
  ],
);

export type PhoneNumberReleaseRow = typeof phoneNumberReleases.$inferSelect;
