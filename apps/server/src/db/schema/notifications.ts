import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { notificationKinds } from '@leasing/contract';
import { id } from './columns.js';
import { companies, users } from './companies.js';
import { leads } from './leads.js';

export const notificationKind = pgEnum('notification_kind', notificationKinds);

/** One user's notice that something on a lead needs them (the bell). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    recipientUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKind().notNull(),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /**
     * What caused it: the timeline event, or the fact's own key (a follow-up's lead and due time).
     * With the recipient and kind it is unique, so an event published again never notifies twice.
     */
    sourceKey: text().notNull(),
    title: text().notNull(),
    body: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    unique('notifications_source_unique').on(table.recipientUserId, table.kind, table.sourceKey),
    // The bell: a user's newest first, and their unread count.
    index('notifications_recipient_created_idx').on(
      table.recipientUserId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('notifications_recipient_unread_idx')
      .on(table.recipientUserId)
      .where(sql`${table.readAt} is null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
