import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { StaffRole } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import {
  conversationEvents,
  leads,
  notifications,
  paymentLinks,
  users,
  type NewNotificationRow,
} from '../../db/schema/index.js';
import { olderThan, type KeysetCursor } from '../../lib/cursor.js';

/** What a notification says about its lead, and who owns the lead now. */
export const findLeadFacts = async (db: Db, leadId: string) =>
  (
    await db
      .select({
        id: leads.id,
        companyId: leads.companyId,
        name: leads.name,
        ownerKind: leads.ownerKind,
        ownerUserId: leads.ownerUserId,
      })
      .from(leads)
      .where(eq(leads.id, leadId))
  )[0];

export const findTimelineEvent = async (db: Db, id: string) =>
  (
    await db
      .select({
        eventType: conversationEvents.eventType,
        body: conversationEvents.body,
        subject: conversationEvents.subject,
        attachments: conversationEvents.attachments,
      })
      .from(conversationEvents)
      .where(eq(conversationEvents.id, id))
  )[0];

/** What a payment notice says of the link, and who asked for it. */
export const findPaymentLinkFacts = async (db: Db, id: string) =>
  (
    await db
      .select({
        amountCents: paymentLinks.amountCents,
        currency: paymentLinks.currency,
        description: paymentLinks.description,
        createdByUserId: paymentLinks.createdByUserId,
      })
      .from(paymentLinks)
      .where(eq(paymentLinks.id, id))
  )[0];

/** Of these user ids, the ones of active (not deactivated) staff of the company. */
export const activeStaffAmong = async (db: Db, companyId: string, ids: string[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(users.companyId, companyId),
              inArray(users.id, ids),
              isNull(users.deactivatedAt),
            ),
          )
      ).map((row) => row.id);

/** Every active staff user of the company, or those of the company with one of `roles`. */
export const activeStaffOf = async (db: Db, companyId: string, roles?: StaffRole[]) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          isNull(users.deactivatedAt),
          roles ? inArray(users.role, roles) : undefined,
        ),
      )
  ).map((row) => row.id);

/** Inserts what is new; a row whose (recipient, kind, source) exists already is left as it is. */
export const insertNotifications = (db: Db, rows: NewNotificationRow[]) =>
  rows.length === 0
    ? Promise.resolve([])
    : db
        .insert(notifications)
        .values(rows)
        .onConflictDoNothing({
          target: [notifications.recipientUserId, notifications.kind, notifications.sourceKey],
        })
        .returning();

const withLead = {
  notification: notifications,
  lead: {
    id: leads.id,
    name: leads.name,
    propertyId: leads.propertyId,
    pmsLeadId: leads.pmsLeadId,
  },
};

export const listRecipientNotifications = (
  db: Db,
  recipientUserId: string,
  limit: number,
  after: KeysetCursor | undefined,
) =>
  db
    .select(withLead)
    .from(notifications)
    .innerJoin(leads, eq(leads.id, notifications.leadId))
    .where(
      and(
        eq(notifications.recipientUserId, recipientUserId),
        olderThan(notifications.createdAt, notifications.id, after),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);

export const findNotificationsWithLead = (db: Db, ids: string[]) =>
  db
    .select(withLead)
    .from(notifications)
    .innerJoin(leads, eq(leads.id, notifications.leadId))
    .where(inArray(notifications.id, ids));

export const countUnread = async (db: Db, recipientUserId: string) =>
  (
    await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.recipientUserId, recipientUserId), isNull(notifications.readAt)))
  )[0]?.n ?? 0;

/** Marks read the recipient's own unread ones among `ids` (all of them when `ids` is omitted). */
export const markRead = (db: Db, recipientUserId: string, at: Date, ids?: string[]) =>
  db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.recipientUserId, recipientUserId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
