import { Button, Group, Paper, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useState } from 'react';
import {
  rememberDesktopRefusal,
  requestDesktopPermission,
  shouldOfferDesktopNotifications,
} from '../utils/desktop-notifications';

/**
 * Offers desktop notifications once, inside the bell (never on page load): the browser asks only
 * after 'Get desktop notifications'; 'Not now' or a refusal there is remembered.
 */
export function DesktopNotificationsPrompt() {
  const [isOffered, setIsOffered] = useState(shouldOfferDesktopNotifications);
  if (!isOffered) return null;

  async function handleEnable() {
    await requestDesktopPermission();
    setIsOffered(false);
  }

  function handleNotNow() {
    rememberDesktopRefusal();
    setIsOffered(false);
  }

  return (
    <Paper bg="gray.0" px="md" py="xs" radius={0} className="desktop-prompt">
      <Text size="xs" c="dimmed" mb={6}>
        See new notifications while this tab is in the background.
      </Text>
      <Group gap="xs">
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconBellRinging size={14} stroke={1.75} />}
          onClick={() => void handleEnable()}
        >
          Get desktop notifications
        </Button>
        <Button size="compact-xs" variant="subtle" color="gray" onClick={handleNotNow}>
          Not now
        </Button>
      </Group>
    </Paper>
  );
}
