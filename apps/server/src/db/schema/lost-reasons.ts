import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { companies } from './companies.js';

/**
 * The reasons a company's staff may give for losing a lead, kept by its admins. A new company gets
 * the defaults (`DEFAULT_LOST_REASONS`) from a trigger (migration `lead_status_pipeline`). A
 * removed reason keeps its row (`removedAt`): leads lost for it still name it.
 */
export const lostReasons = pgTable(
  'lost_reasons',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    removedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // One live reason per name (any case) in a company.
    uniqueIndex('lost_reasons_company_name_unique')
      .on(table.companyId, sql`lower(${table.name})`)
      .where(sql`${table.removedAt} is null`),
    index('lost_reasons_company_idx').on(table.companyId),
  ],
);

export type LostReasonRow = typeof lostReasons.$inferSelect;
