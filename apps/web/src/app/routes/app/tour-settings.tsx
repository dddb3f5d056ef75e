import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { ErrorState } from '../../../components/ui/error-state';
import { useTourSettings } from '../../../features/tours/api/get-tour-settings';
import { TourSettingsForm } from '../../../features/tours/components/tour-settings-form';

/** Settings → Tours (admins): how booked tours are confirmed, reminded and released. */
export function TourSettingsRoute() {
  const query = useTourSettings();
  return (
    <Stack gap="lg" maw={820}>
      <div>
        <Title order={1} size="h3">
          Tour settings
        </Title>
        <Text c="dimmed" size="sm">
          What leads get by text around the tours they book, from the booking page, their link or
          the console.
        </Text>
      </div>
      {query.isPending ? (
        <Skeleton height={320} role="status" aria-label="Loading tour settings" />
      ) : !query.data ? (
        <ErrorState
          title="Could not load the tour settings"
          message="Check your connection and try again."
          onRetry={() => void query.refetch()}
        />
      ) : (
        <TourSettingsForm settings={query.data} />
      )}
    </Stack>
  );
}
