import type { Notification } from '@leasing/contract';
import { Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { formatDateTime } from '../../../lib/format-date';
import { formatRelativeTime } from '../utils/format-relative-time';
import classes from './notifications.module.css';

export type NotificationItemProps = {
  notification: Notification;
  onOpen: (notification: Notification) => void;
};

/**
 * One notification: its line, the lead, how long ago, and a dot while unread. Its name is what it
 * shows (axe: label-content-name-mismatch), with 'Unread:' for those who cannot see the dot.
 */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const isUnread = notification.readAt === null;
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={isUnread || undefined}
      onClick={() => onOpen(notification)}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box className={classes.dot} data-visible={isUnread || undefined} aria-hidden />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={isUnread ? 600 : 400} lineClamp={2}>
            {isUnread && (
              <>
                <VisuallyHidden>Unread:</VisuallyHidden>{' '}
              </>
            )}
            {notification.title}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {notification.lead.name} ·{' '}
            <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt)}>
              {formatRelativeTime(notification.createdAt)}
            </time>
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
