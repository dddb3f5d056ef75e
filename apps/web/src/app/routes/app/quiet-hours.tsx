import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { ErrorState } from '../../../components/ui/error-state';
import { useQuietHours } from '../../../features/quiet-hours/api/get-quiet-hours';
import { QuietHoursForm } from '../../../features/quiet-hours/components/quiet-hours-form';

/** Settings → Quiet hours: when texts may reach leads, and whether staff may send outside them. */
export function QuietHoursRoute() {
  const query = useQuietHours();
  return (
    <Stack gap="lg" maw={820}>
      <div>
        <Title order={1} size="h3">
          Quiet hours
        </Title>
        <Text c="dimmed" size="sm">
          A text written outside a lead&apos;s allowed hours asks to be scheduled for the next
          allowed moment. Emails are not held.
        </Text>
      </div>
      {query.isPending ? (
        <Skeleton height={320} role="status" aria-label="Loading quiet hours" />
      ) : !query.data ? (
        <ErrorState
          title="Could not load quiet hours"
          message="Check your connection and try again."
          onRetry={() => void query.refetch()}
        />
      ) : (
        <QuietHoursForm policy={query.data} />
      )}
    </Stack>
  );
}
