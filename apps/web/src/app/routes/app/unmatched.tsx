import { Stack, Text, Title } from '@mantine/core';
import { UnmatchedList } from '../../../features/unmatched/components/unmatched-list';

/** Inbound texts and emails that reached the company but no lead. */
export function UnmatchedRoute() {
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} size="h3">
          Unmatched messages
        </Title>
        <Text c="dimmed" size="sm">
          Texts and emails that came in but could not be matched to a lead. They are kept here, so
          none is lost.
        </Text>
      </div>
      <UnmatchedList />
    </Stack>
  );
}
