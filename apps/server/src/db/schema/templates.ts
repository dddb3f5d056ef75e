import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { TemplateAttachment, TemplateChannel, TemplateVariant } from '@leasing/contract';
import { id, timestamps } from './columns.js';
import { companies, users } from './companies.js';

/**
 * A message template: the company's (`ownerUserId` null; managers and admins keep it) or one
 * person's own. Bodies hold mustache merge fields, checked against the known ones when saved.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    /** Set for a personal template: only this user sees and changes it. */
    ownerUserId: uuid().references(() => users.id),
    name: text().notNull(),
    channel: text().notNull().$type<TemplateChannel>(),
    /** Email only. */
    subject: text(),
    body: text().notNull(),
    /** The same message in other languages, picked by the lead's preferred language. */
    variants: jsonb().notNull().$type<TemplateVariant[]>().default([]),
    /**
     * Files stored in media storage (never removed there: a message sent with one keeps its own
     * copy, and a deleted template's files may still be open in someone's composer).
     */
    attachments: jsonb().notNull().$type<TemplateAttachment[]>().default([]),
    /** Messages sent from it (counted when the send is stored). */
    usageCount: integer().notNull().default(0),
    createdByUserId: uuid().references(() => users.id),
    createdByUserName: text(),
    ...timestamps,
  },
  (table) => [index('message_templates_company_idx').on(table.companyId, table.ownerUserId)],
);

export type MessageTemplateRow = typeof messageTemplates.$inferSelect;
