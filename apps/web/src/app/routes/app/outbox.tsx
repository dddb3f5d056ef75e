import { Stack, Text, Title } from '@mantine/core';
import { OutboxList } from '../../../features/outbox/components/outbox-list';

/** What the sandbox SMS and email providers would have delivered. */
export function OutboxRoute() {
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} size="h3">
          Outbox
        </Title>
        <Text c="dimmed" size="sm">
          Messages the sandbox providers would have sent. With Twilio and SMTP configured, messages
          leave for real and are not listed here.
        </Text>
      </div>
      <OutboxList />
    </Stack>
  );
}
