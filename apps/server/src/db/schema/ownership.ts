import { boolean, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './companies.js';
import { properties } from './properties.js';

/** A property's automatic assignment of new leads (round robin among its chosen agents). */
export const assignmentRules = pgTable('assignment_rules', {
  propertyId: uuid()
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  companyId: uuid()
    .notNull()
    .references(() => companies.id),
  roundRobin: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The people a property's new leads rotate between, and when each last got one. */
export const assignmentAgents = pgTable(
  'assignment_agents',
  {
    propertyId: uuid()
      .notNull()
      .references(() => assignmentRules.propertyId, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The last lead this rule gave them; the one waiting longest gets the next. */
    lastAssignedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.propertyId, table.userId] }),
    index('assignment_agents_user_idx').on(table.userId),
  ],
);

export type AssignmentRuleRow = typeof assignmentRules.$inferSelect;
