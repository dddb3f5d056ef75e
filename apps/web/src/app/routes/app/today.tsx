import { Stack, Text, Title } from '@mantine/core';
import { TodayList } from '../../../features/inbox/components/today-list';

/** Today: what the signed-in person should do now, most urgent first. */
export function TodayRoute() {
  return (
    <Stack gap="lg" maw={1040}>
      <div>
        <Title order={1} size="h3">
          Today
        </Title>
        <Text c="dimmed" size="sm">
          Your leads that need action now, most urgent first.
        </Text>
      </div>
      <TodayList />
    </Stack>
  );
}
