import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { users } from './companies.js';

/** Asymmetric keys of the built-in identity provider; kept so a restart signs nobody out. */
export const signingKeys = pgTable('signing_keys', {
  kid: text().primaryKey(),
  alg: text().notNull(),
  publicJwk: jsonb().notNull().$type<Record<string, unknown>>(),
  privateJwk: jsonb().notNull().$type<Record<string, unknown>>(),
  ...timestamps,
});

/** Rotating refresh tokens, stored as hashes; a family is one sign-in's chain of rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid().notNull(),
    /** When the sign-in that started the family happened: SESSION_LIMIT_MINUTES counts from it. */
    sessionStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId)],
);

/** Failed sign-ins, counted per account to slow down password guessing across processes. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    email: text().notNull(),
    ip: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('login_failures_email_idx').on(table.email, table.createdAt)],
);

/**
 * Addresses an account signed in from: they skip the account-wide back-off of failed sign-ins, so
 * guesses from elsewhere cannot keep the owner out of their own account.
 */
export const loginKnownAddresses = pgTable(
  'login_known_addresses',
  {
    email: text().notNull(),
    ip: text().notNull(),
    lastSignInAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.email, table.ip] })],
);

/**
 * Secrets the server makes for itself on first use and every process shares (e.g. the key that
 * signs payment links), so no configuration is needed and a restart changes nothing.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  /** base64url of random bytes. */
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
