import { date, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './companies.js';

/**
 * The weekly report email each manager and admin gets on Monday morning: one row per person and
 * week, written in the transaction that queues the email, so it is sent exactly once however many
 * processes sweep.
 */
export const reportDigests = pgTable(
  'report_digests',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Monday (in the company's zone) of the week the email was sent. */
    weekOf: date().notNull(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.weekOf] })],
);

/** People who turned the weekly report email off (everyone else who may get it, gets it). */
export const reportDigestOptOuts = pgTable('report_digest_opt_outs', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: uuid()
    .notNull()
    .references(() => companies.id),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
