import type { Notification } from '@leasing/contract';
import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Popover,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { notificationsOf, unreadCountOf, useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { useUnreadTitle } from '../hooks/use-unread-title';
import { DesktopNotificationsPrompt } from './desktop-notifications-prompt';
import { NotificationItem } from './notification-item';
import classes from './notifications.module.css';

export type NotificationBellProps = {
  /** Opens the notification's lead (the app knows the route). */
  onOpenLead: (lead: Notification['lead']) => void;
};

function ListSkeleton() {
  return (
    <Stack gap="sm" p="md" role="status" aria-label="Loading notifications">
      {Array.from({ length: 3 }, (_, index) => (
        <Stack key={index} gap={6}>
          <Skeleton height={12} width="85%" />
          <Skeleton height={10} width="45%" />
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The bell in the header: the unread count on it and in the tab's title, and the list of the
 * user's notifications. Opening one opens its lead and marks it read.
 */
export function NotificationBell({ onOpenLead }: NotificationBellProps) {
  const [isOpen, setIsOpen] = useState(false);
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  const markAllRead = useMarkAllNotificationsRead();
  const unreadCount = unreadCountOf(query.data);
  const items = notificationsOf(query.data);
  useUnreadTitle(unreadCount);

  const label = unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications';

  function handleOpen(notification: Notification) {
    if (!notification.readAt) markRead.mutate([notification._id]);
    setIsOpen(false);
    onOpenLead(notification.lead);
  }

  function handleMarkAllRead() {
    markAllRead.mutate();
  }

  function renderList() {
    if (query.isPending) return <ListSkeleton />;
    if (query.isError && items.length === 0) {
      return (
        <ErrorState
          title="Could not load notifications"
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      );
    }
    if (items.length === 0) {
      return (
        <EmptyState
          icon={<IconChecks size={22} stroke={1.5} />}
          title="You're all caught up"
          description="Leads assigned to you, messages from your leads and due follow-ups show up here."
        />
      );
    }
    return (
      <div className={classes.list} role="list" aria-label="Notifications list">
        {items.map((notification) => (
          <div role="listitem" key={notification._id}>
            <NotificationItem notification={notification} onOpen={handleOpen} />
          </div>
        ))}
        {query.hasNextPage && (
          <Group justify="center" p="xs">
            <Button
              size="compact-sm"
              variant="subtle"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Show older
            </Button>
          </Group>
        )}
      </div>
    );
  }

  return (
    <Popover
      opened={isOpen}
      onChange={setIsOpen}
      width="min(380px, calc(100vw - 16px))"
      position="bottom-end"
      shadow="md"
      radius="md"
      withinPortal
      trapFocus
      returnFocus
      hideDetached={false}
    >
      {/* The target is the button itself: the popover's aria attributes belong on it, not on the
          indicator's wrapper. */}
      <Indicator
        label={unreadCount > 99 ? '99+' : unreadCount}
        disabled={unreadCount === 0}
        size={16}
        offset={6}
        color="red"
        aria-hidden={false}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={isOpen}
            onClick={() => setIsOpen((open) => !open)}
          >
            <IconBell size={20} stroke={1.75} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} role="dialog" aria-label="Notifications">
        <Group justify="space-between" px="md" py="xs" wrap="nowrap">
          <Text fw={600} size="sm">
            Notifications
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={handleMarkAllRead}
            disabled={unreadCount === 0}
            title={unreadCount === 0 ? 'Nothing is unread' : undefined}
          >
            Mark all read
          </Button>
        </Group>
        <DesktopNotificationsPrompt />
        <div style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>{renderList()}</div>
      </Popover.Dropdown>
    </Popover>
  );
}
