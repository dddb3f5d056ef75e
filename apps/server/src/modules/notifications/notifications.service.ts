import type { Notification, NotificationPage } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { NotificationRow } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { decodeCursor, toPage } from '../../lib/cursor.js';
import type { Principal } from '../../lib/principal.js';
import { draftNotification, type NotifyingEvent } from './notification-producers.js';
import {
  activeStaffAmong,
  activeStaffOf,
  countUnread,
  findNotificationsWithLead,
  insertNotifications,
  listRecipientNotifications,
  markRead,
} from './notifications.repository.js';

type Joined = Awaited<ReturnType<typeof findNotificationsWithLead>>[number];

export const toNotificationDto = ({ notification, lead }: Joined): Notification => ({
  _id: notification.id,
  kind: notification.kind,
  title: notification.title,
  body: notification.body,
  lead: { _id: lead.id, name: lead.name, propertyID: lead.propertyId, pmsLeadId: lead.pmsLeadId },
  createdAt: notification.createdAt.toISOString(),
  readAt: notification.readAt?.toISOString() ?? null,
});

/**
 * Writes the notifications `event` makes, in the writer's transaction: they exist exactly when
 * the change committed. Only active staff of the lead's own company are ever recipients; an event
 * published again adds nothing. Answers the rows it created.
 */
export const createNotificationsFor = async (
  db: Db,
  event: NotifyingEvent,
): Promise<NotificationRow[]> => {
  const draft = await draftNotification(db, event);
  if (!draft) return [];
  const recipients =
    draft.recipients === 'everyone'
      ? await activeStaffOf(db, event.companyId)
      : draft.recipients === 'managers'
        ? await activeStaffOf(db, event.companyId, ['manager', 'admin'])
        : await activeStaffAmong(db, event.companyId, draft.recipients);
  return insertNotifications(
    db,
    recipients.map((recipientUserId) => ({
      companyId: event.companyId,
      recipientUserId,
      kind: draft.kind,
      leadId: event.leadId,
      sourceKey: draft.sourceKey,
      title: draft.title,
      body: draft.body,
      createdAt: event.occurredAt,
    })),
  );
};

/** Notifications by id, as the wire names them (for the live push). */
export const loadNotifications = async (db: Db, ids: string[]) =>
  ids.length === 0 ? [] : (await findNotificationsWithLead(db, ids)).map(toNotificationDto);

/** The caller's own notifications, newest first, and how many of all of theirs are unread. */
export const listNotifications = async (
  db: Db,
  principal: Principal,
  page: { cursor?: string; limit: number },
): Promise<NotificationPage> => {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const [rows, unreadCount] = await Promise.all([
    listRecipientNotifications(db, principal.id, page.limit, after),
    countUnread(db, principal.id),
  ]);
  const { items, nextCursor } = toPage(
    rows,
    page.limit,
    ({ notification }) => ({ date: notification.createdAt, id: notification.id }),
    toNotificationDto,
  );
  return { items, nextCursor, unreadCount };
};

/** Marks the caller's notifications among `ids` read (others' ids change nothing) or all of them. */
export const markNotificationsRead = async (
  { db, now }: { db: Db; now: Clock },
  principal: Principal,
  ids?: string[],
) => {
  await markRead(db, principal.id, now(), ids);
  return { unreadCount: await countUnread(db, principal.id) };
};
