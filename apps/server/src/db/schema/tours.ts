import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tourKinds, type CompanyTourSettings, type TourAvailability } from '@leasing/contract';
import { id, timestamps } from './columns.js';
import { companies, users } from './companies.js';
import { leads } from './leads.js';
import { properties } from './properties.js';

export const tourKind = pgEnum('tour_kind', tourKinds);
export const tourStatus = pgEnum('tour_status', ['SCHEDULED', 'CANCELLED', 'COMPLETED', 'NO_SHOW']);

/** A property's tour settings; a property without a row has the defaults. Written by `tours`. */
export const tourAvailability = pgTable('tour_availability', {
  propertyId: uuid()
    .primaryKey()
    .references(() => properties.id),
  companyId: uuid()
    .notNull()
    .references(() => companies.id),
  settings: jsonb().$type<TourAvailability>().notNull(),
  ...timestamps,
});

/**
 * A booked tour. Each takes one numbered place of its slot (1 to the slot's capacity), and a
 * standing tour's place is unique: two bookers of the last place cannot both have it, whatever
 * the timing (the database refuses the second). Written by `tours`.
 */
export const tours = pgTable(
  'tours',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    propertyId: uuid()
      .notNull()
      .references(() => properties.id),
    leadId: uuid()
      .notNull()
      .references(() => leads.id),
    kind: tourKind().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    place: integer().notNull(),
    /** The agent giving it (in-person tours), when one is chosen. */
    agentId: uuid().references(() => users.id),
    status: tourStatus().notNull().default('SCHEDULED'),
    confirmedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** Who booked it: staff in the console, the lead on the booking page or their link, the PMS. */
    source: text({ enum: ['STAFF', 'BOOKING_PAGE', 'LEAD_LINK', 'INTEGRATION'] }).notNull(),
    bookedByUserId: uuid().references(() => users.id),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('tours_slot_place_unique')
      .on(table.propertyId, table.kind, table.startsAt, table.place)
      .where(sql`${table.status} <> 'CANCELLED'`),
    index('tours_property_starts_idx').on(table.propertyId, table.startsAt),
    index('tours_lead_starts_idx').on(table.leadId, table.startsAt),
    index('tours_agent_starts_idx').on(table.agentId, table.startsAt),
  ],
);

/**
 * A one-time code texted to a phone on the public booking page: the booking counts only with it
 * (no tours for numbers the booker does not hold). Only its hash is kept; it works once, for a
 * few minutes and a few tries. Written by `tours`.
 */
export const tourBookingCodes = pgTable(
  'tour_booking_codes',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    propertyId: uuid()
      .notNull()
      .references(() => properties.id),
    /** E.164. */
    phone: text().notNull(),
    /** SHA-256 of the code with the row's id. */
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tour_booking_codes_phone_idx').on(table.propertyId, table.phone, table.createdAt),
  ],
);

/** The company's tour settings; a company without a row has the defaults. Written by `tours`. */
export const companyTourSettings = pgTable('company_tour_settings', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id),
  settings: jsonb().$type<CompanyTourSettings>().notNull(),
  ...timestamps,
});

/**
 * A staff member's tour calendar feed: the SHA-256 of the secret token in its URL (the URL is
 * shown once). One per person; renewing replaces it. Written by `tours`.
 */
export const tourCalendarFeeds = pgTable(
  'tour_calendar_feeds',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('tour_calendar_feeds_token_unique').on(table.tokenHash)],
);
