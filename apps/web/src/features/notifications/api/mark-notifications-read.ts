import { apiPaths, unreadCountSchema } from '@leasing/contract';
import type { UnreadCount } from '@leasing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { NOTIFICATIONS_QUERY_KEY, updateNotificationPages } from './get-notifications';

/** Marks these of the user's notifications read; answers how many stay unread. */
export function markNotificationsRead(ids: string[]): Promise<UnreadCount> {
  return apiRequest(apiPaths.notificationsRead, {
    method: 'POST',
    body: { ids },
    schema: unreadCountSchema,
  });
}

/**
 * Marks notifications read, shown at once: the bell's count and dots change before the answer,
 * and the list is loaded again if the server says otherwise.
 */
export const useMarkNotificationsRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: (ids) => {
      const now = new Date().toISOString();
      updateNotificationPages(queryClient, (items, unreadCount) => {
        const newlyRead = items.filter((item) => ids.includes(item._id) && !item.readAt).length;
        return {
          items: items.map((item) =>
            ids.includes(item._id) && !item.readAt ? { ...item, readAt: now } : item,
          ),
          unreadCount: Math.max(0, unreadCount - newlyRead),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
};
