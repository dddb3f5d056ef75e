import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { ErrorState } from '../../../components/ui/error-state';
import { useOfficeHours } from '../../../features/office-hours/api/get-office-hours';
import { PropertyHoursForm } from '../../../features/office-hours/components/property-hours-form';
import { ResponseTargetForm } from '../../../features/office-hours/components/response-target-form';

/** Settings → Office hours: the first-reply target and when each property's office is open. */
export function OfficeHoursRoute() {
  const query = useOfficeHours();
  return (
    <Stack gap="lg" maw={820}>
      <div>
        <Title order={1} size="h3">
          Office hours
        </Title>
        <Text c="dimmed" size="sm">
          Speed-to-lead counts only while the office is open: a message at 22:00 starts the clock at
          the next opening.
        </Text>
      </div>
      {query.isPending ? (
        <Stack role="status" aria-label="Loading office hours" gap="sm">
          <Skeleton height={120} />
          <Skeleton height={300} />
        </Stack>
      ) : !query.data ? (
        <ErrorState
          title="Could not load office hours"
          message="Check your connection and try again."
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <ResponseTargetForm minutes={query.data.firstReplyTargetMinutes} />
          {query.data.properties.length === 0 ? (
            <Text c="dimmed">No properties yet: their hours appear here once they exist.</Text>
          ) : (
            query.data.properties.map((property) => (
              <PropertyHoursForm
                key={property.propertyId}
                property={property}
                companyTimeZone={query.data.companyTimeZone}
              />
            ))
          )}
        </>
      )}
    </Stack>
  );
}
