import { notificationSchema, socketEvents } from '@leasing/contract';
import type { Notification } from '@leasing/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { LiveSocket } from '../../../lib/socket';
import { NOTIFICATIONS_QUERY_KEY, notificationsOf } from './get-notifications';
import type { NotificationPages } from './get-notifications';

/**
 * A notification pushed to this user joins the top of the bell's list and its count, once (the
 * same one twice, after a reconnect's reload, is not counted again). Answers whether it was new.
 */
export function addLiveNotification(queryClient: QueryClient, notification: Notification): boolean {
  const data = queryClient.getQueryData<NotificationPages>(NOTIFICATIONS_QUERY_KEY);
  const first = data?.pages[0];
  if (!data || !first) {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    return true;
  }
  if (notificationsOf(data).some((item) => item._id === notification._id)) return false;
  queryClient.setQueryData<NotificationPages>(NOTIFICATIONS_QUERY_KEY, {
    ...data,
    pages: [
      {
        ...first,
        items: [notification, ...first.items],
        unreadCount: first.unreadCount + (notification.readAt ? 0 : 1),
      },
      ...data.pages.slice(1),
    ],
  });
  return true;
}

/** Listens for the user's notifications on the session's socket; answers the unsubscribe. */
export function subscribeToNotifications(
  socket: LiveSocket,
  userID: string,
  onNotification: (notification: Notification) => void,
): () => void {
  const event = socketEvents.notification(userID);
  function handleNotification(payload: unknown) {
    const parsed = notificationSchema.safeParse(payload);
    if (parsed.success) onNotification(parsed.data);
    else
      console.warn(`Ignored a '${event}' payload that does not match the contract`, parsed.error);
  }
  socket.on(event, handleNotification);
  return () => socket.off(event, handleNotification);
}
