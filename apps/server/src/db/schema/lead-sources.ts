import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { companies } from './companies.js';

/**
 * Where a company's leads come from ('Zillow', 'Website', …), kept by its admins (add, rename,
 * merge). A new company gets `DEFAULT_LEAD_SOURCES` from a trigger (migration `lead_sources`).
 * Leads and numbers point here (`leads.source_id`, `phone_numbers.source_id`).
 */
export const leadSources = pgTable(
  'lead_sources',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    ...timestamps,
  },
  (table) => [
    // One source per name (any case) in a company.
    uniqueIndex('lead_sources_company_name_unique').on(table.companyId, sql`lower(${table.name})`),
    index('lead_sources_company_idx').on(table.companyId),
  ],
);

export type LeadSourceRow = typeof leadSources.$inferSelect;
