import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { companies, staffRole, users } from './companies.js';

/**
 * An admin's invitation to join the company (Settings → Team). Only the token's hash is kept; the
 * link in the invite email carries the token. Accepting it creates the user.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    email: text().notNull(),
    name: text().notNull(),
    role: staffRole().notNull(),
    tokenHash: text().notNull().unique(),
    invitedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    /** The user accepting it created. */
    acceptedUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** An admin revoked it (or its inviter was deactivated, or a newer one replaced it). */
    revokedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('invitations_company_idx').on(table.companyId, table.createdAt)],
);

export type InvitationRow = typeof invitations.$inferSelect;
