import { NativeSelect, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import type { ChangeEvent } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SELECTED_PROPERTY_PARAM } from '../../../config/paths';
import { useProperties } from '../../../features/properties/api/get-properties';
import { useTourAvailability } from '../../../features/tours/api/get-tour-availability';
import { TourAvailabilityForm } from '../../../features/tours/components/tour-availability-form';

/**
 * Settings → Tour availability (managers and admins): per property, the tour types it offers, when
 * tours are given and how far ahead they can be booked. The property is in the URL
 * (`?property=`); without one, the first property opens.
 */
export function TourAvailabilityRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const propertiesQuery = useProperties();
  const properties = propertiesQuery.data ?? [];
  const asked = searchParams.get(SELECTED_PROPERTY_PARAM);
  const propertyId =
    properties.find((property) => property._id === asked)?._id ?? properties[0]?._id;

  function handlePropertyChange(event: ChangeEvent<HTMLSelectElement>) {
    const next = event.currentTarget.value;
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set(SELECTED_PROPERTY_PARAM, next);
        return params;
      },
      { replace: true },
    );
  }

  function renderBody() {
    if (propertiesQuery.isPending) return <AvailabilitySkeleton withPicker />;
    if (propertiesQuery.isError) {
      return (
        <ErrorState
          title="Could not load the properties"
          message="Check your connection and try again."
          onRetry={() => void propertiesQuery.refetch()}
        />
      );
    }
    if (!propertyId) {
      return (
        <Paper withBorder radius="md">
          <EmptyState
            icon={<IconBuildingCommunity size={22} stroke={1.5} />}
            title="No properties yet"
            description="Properties arrive from your property-management system."
          />
        </Paper>
      );
    }
    return (
      <>
        <NativeSelect
          label="Property"
          value={propertyId}
          onChange={handlePropertyChange}
          data={properties.map((property) => ({ value: property._id, label: property.name }))}
          maw={360}
        />
        <PropertyAvailability key={propertyId} propertyId={propertyId} />
      </>
    );
  }

  return (
    <Stack gap="lg" maw={820}>
      <div>
        <Title order={1} size="h3">
          Tour availability
        </Title>
        <Text c="dimmed" size="sm">
          Which tours each property offers, when they are given and how far ahead leads can book
          them.
        </Text>
      </div>
      {renderBody()}
    </Stack>
  );
}

function PropertyAvailability({ propertyId }: { propertyId: string }) {
  const query = useTourAvailability(propertyId);
  if (query.isPending) return <AvailabilitySkeleton />;
  if (!query.data) {
    return (
      <ErrorState
        title="Could not load the tour availability"
        message="Check your connection and try again."
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <TourAvailabilityForm propertyId={propertyId} saved={query.data} />;
}

function AvailabilitySkeleton({ withPicker = false }: { withPicker?: boolean }) {
  return (
    <Stack role="status" aria-label="Loading tour availability" gap="sm">
      {withPicker && <Skeleton height={56} width={360} maw="100%" />}
      <Skeleton height={260} />
      <Skeleton height={160} />
    </Stack>
  );
}
