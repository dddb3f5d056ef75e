import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

const FORBIDDEN_NOTIFICATION_ID = 'forbidden';

/** Shown once however many requests were refused together; stays until closed. */
export function showForbiddenNotification(): void {
  notifications.show({
    id: FORBIDDEN_NOTIFICATION_ID,
    color: 'red',
    autoClose: false,
    withCloseButton: false,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text size="sm">User is not permitted</Text>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={() => notifications.hide(FORBIDDEN_NOTIFICATION_ID)}
        >
          Close
        </Button>
      </Group>
    ),
  });
}
