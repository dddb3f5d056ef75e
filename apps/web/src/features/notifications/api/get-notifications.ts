import { apiPaths, notificationPageSchema } from '@leasing/contract';
import type { Notification, NotificationPage } from '@leasing/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

export type NotificationPages = InfiniteData<NotificationPage, unknown>;

/** One page of the signed-in user's notifications, newest first, with their unread count. */
export function getNotifications({
  cursor,
  signal,
}: {
  cursor: string | null;
  signal?: AbortSignal;
}): Promise<NotificationPage> {
  return apiRequest(apiPaths.notifications, {
    query: { cursor, limit: NOTIFICATIONS_PAGE_SIZE },
    schema: notificationPageSchema,
    signal,
  });
}

export const getNotificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => getNotifications({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useNotifications = () => useInfiniteQuery(getNotificationsQueryOptions());

/** The unread count the newest page carries; 0 until it is loaded. */
export const unreadCountOf = (data: NotificationPages | undefined) =>
  data?.pages[0]?.unreadCount ?? 0;

/** Every loaded notification, newest first. */
export const notificationsOf = (data: NotificationPages | undefined): Notification[] =>
  data?.pages.flatMap((page) => page.items) ?? [];

/** Rewrites the cached pages: their items, and the unread count on the first. */
export function updateNotificationPages(
  queryClient: QueryClient,
  update: (
    items: Notification[],
    unreadCount: number,
  ) => {
    items: Notification[];
    unreadCount: number;
  },
): void {
  queryClient.setQueryData<NotificationPages>(NOTIFICATIONS_QUERY_KEY, (data) => {
    if (!data) return data;
    const pages = data.pages.map((page, index) => {
      const next = update(page.items, index === 0 ? page.unreadCount : 0);
      return {
        ...page,
        items: next.items,
        unreadCount: index === 0 ? next.unreadCount : page.unreadCount,
      };
    });
    return { ...data, pages };
  });
}
