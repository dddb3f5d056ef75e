import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { companies, users } from './companies.js';
import { leads } from './leads.js';

export const notes = pgTable(
  'notes',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    createdByUserId: uuid().references(() => users.id),
    createdByUserName: text().notNull(),
    modifiedByUserName: text(),
    ...timestamps,
  },
  (table) => [
    index('notes_lead_created_idx').on(table.leadId, table.createdAt.desc().nullsFirst()),
  ],
);

export type NoteRow = typeof notes.$inferSelect;
