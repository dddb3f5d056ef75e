import { Button, Group, Text, Title } from '@mantine/core';
import { IconInbox, IconMailQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';

/** The dashboard's title, and the ways to the messages no lead holds yet. */
export function DashboardHeader() {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Title order={1} size="h3">
          Leads
        </Title>
        <Text c="dimmed" size="sm" visibleFrom="sm">
          Work the queue: open decisions first, then the newest conversations.
        </Text>
      </div>
      <Group gap="sm">
        {/* A phone reaches unmatched messages from the header's envelope. */}
        <Button
          component={Link}
          to={paths.unmatched.getHref()}
          variant="default"
          size="sm"
          leftSection={<IconMailQuestion size={16} stroke={1.75} />}
          visibleFrom="sm"
        >
          Unmatched messages
        </Button>
        <Button
          component={Link}
          to={paths.outbox.getHref()}
          variant="default"
          size="sm"
          leftSection={<IconInbox size={16} stroke={1.75} />}
        >
          Outbox
        </Button>
      </Group>
    </Group>
  );
}
