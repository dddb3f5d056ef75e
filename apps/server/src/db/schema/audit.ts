import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.js';
import { companies } from './companies.js';

/**
 * The audit trail: one row for every change a person or an integration key makes, written by the
 * event port's audit subscriber in the same transaction as the change. Append-only: the database
 * refuses UPDATE, DELETE and TRUNCATE on it (see the migration's trigger).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    /** The domain event the row records: one row per event, however often it is delivered. */
    eventId: uuid().notNull().unique(),
    /** Null only for a failed sign-in with an email no user has. */
    companyId: uuid().references(() => companies.id),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    /** The domain event's type, e.g. `message.created`, `auth.sign_in_failed`. */
    action: text().notNull(),
    actorType: text().notNull().$type<'user' | 'api-key' | 'system' | 'anonymous'>(),
    actorUserId: uuid(),
    actorApiKeyId: uuid(),
    /** The actor's name as it was then (a user's name, a key's name, an email that failed). */
    actorName: text(),
    /** A key acting as a colleague (`act-as`): that colleague. */
    actingAsUserId: uuid(),
    targetType: text(),
    targetId: text(),
    leadId: uuid(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    ip: text(),
    requestId: text(),
  },
  (table) => [
    // Keyset pages, newest first, for each filter the Audit page offers.
    index('audit_log_company_idx').on(
      table.companyId,
      table.occurredAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('audit_log_actor_idx').on(
      table.companyId,
      table.actorUserId,
      table.occurredAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('audit_log_action_idx').on(
      table.companyId,
      table.action,
      table.occurredAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('audit_log_lead_idx').on(
      table.companyId,
      table.leadId,
      table.occurredAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;
