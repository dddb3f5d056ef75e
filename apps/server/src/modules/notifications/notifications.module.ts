import type { FastifyPluginAsync } from 'fastify';
import { socketEvents } from '@leasing/contract';
import type { NotificationRow } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { userRoom } from '../../lib/socket-rooms.js';
import { notifyingEvents } from './notification-producers.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createNotificationsFor, loadNotifications } from './notifications.service.js';

export type NotificationsModuleOptions = { now: Clock };

/**
 * The bell. Notifications are written by a subscriber inside the writer's transaction (so one
 * exists exactly when its change committed), then pushed to the recipient's sockets after the
 * commit. The emitters never know about it.
 */
export const notificationsModule: FastifyPluginAsync<NotificationsModuleOptions> = async (
  app,
  { now },
) => {
  // What each publication created, handed from the transaction to the push after it. Keyed by the
  // event object itself: an event of a rolled-back transaction is never delivered and is dropped.
  const created = new WeakMap<object, NotificationRow[]>();

  app.events.subscribeInTransaction(notifyingEvents, 'notifications', async (event, { db }) => {
    const rows = await createNotificationsFor(db, event);
    if (rows.length > 0) created.set(event, rows);
  });

  app.events.subscribe(notifyingEvents, 'notifications-live', async (event) => {
    const rows = created.get(event);
    if (!rows) return;
    created.delete(event);
    for (const notification of await loadNotifications(
      app.database.db,
      rows.map((row) => row.id),
    )) {
      const row = rows.find((candidate) => candidate.id === notification._id)!;
      // Counted in the company's live sequence before it is sent, as every broadcast is.
      await app.liveSequence.advance(row.companyId);
      const recipient = row.recipientUserId;
      app.io.to(userRoom(recipient)).emit(socketEvents.notification(recipient), notification);
    }
  });

  await app.register(notificationsRoutes, { now });
};
