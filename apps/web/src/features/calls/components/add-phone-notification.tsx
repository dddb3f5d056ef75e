import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

const ADD_PHONE_NOTIFICATION_ID = 'calls-add-phone';

/**
 * 'Call' refused because the person has no phone of their own: what to do, and the button that
 * does it. Shown once however often 'Call' is pressed; stays until acted on or closed.
 */
export function showAddPhoneNotification(onAddPhone: () => void): void {
  function handleAddPhone() {
    notifications.hide(ADD_PHONE_NOTIFICATION_ID);
    onAddPhone();
  }

  notifications.show({
    id: ADD_PHONE_NOTIFICATION_ID,
    color: 'yellow',
    autoClose: false,
    message: (
      <Group justify="space-between" gap="xs">
        <Text size="sm">Add your phone number to place calls.</Text>
        <Button size="compact-sm" variant="light" onClick={handleAddPhone}>
          Add my phone number
        </Button>
      </Group>
    ),
  });
}
