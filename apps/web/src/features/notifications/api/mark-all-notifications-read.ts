import { apiPaths, unreadCountSchema } from '@leasing/contract';
import type { UnreadCount } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { NOTIFICATIONS_QUERY_KEY, updateNotificationPages } from './get-notifications';

export function markAllNotificationsRead(): Promise<UnreadCount> {
  return apiRequest(apiPaths.notificationsReadAll, { method: 'POST', schema: unreadCountSchema });
}

/** 'Mark all read': every notification of the user, loaded or not. */
export const useMarkAllNotificationsRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => {
      const now = new Date().toISOString();
      updateNotificationPages(queryClient, (items) => ({
        items: items.map((item) => (item.readAt ? item : { ...item, readAt: now })),
        unreadCount: 0,
      }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
};
