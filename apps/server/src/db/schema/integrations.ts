import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { companies, users } from './companies.js';

/**
 * Keys of the integration API (`/api/integrations/v1`), one company each. Only a SHA-256 of the
 * key is kept; `prefix` (its first characters) lets staff tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    name: text().notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull().unique(),
    createdByUserId: uuid().references(() => users.id),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    /**
     * What the key may do (`apiKeyScopes` of the contract). New keys name theirs; keys made before
     * scopes existed were given all of them by the migration, so nothing that worked stopped.
     */
    scopes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** After this moment the key is refused; null for a key that does not expire. */
    expiresAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('api_keys_company_idx').on(table.companyId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
