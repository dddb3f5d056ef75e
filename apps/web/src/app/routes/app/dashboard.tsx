import type { Property } from '@leasing/contract';
import { Badge, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingCommunity, IconInbox, IconMailQuestion } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { paths, SELECTED_PROPERTY_PARAM } from '../../../config/paths';
import { PropertyLeads } from '../../../features/leads/components/property-leads';
import { useProperties } from '../../../features/properties/api/get-properties';
import { PropertyList } from '../../../features/properties/components/property-list';

function PropertiesSkeleton() {
  return (
    <Stack gap="xs" role="status" aria-label="Loading properties">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

function SelectedPropertyHeader({ property }: { property: Property }) {
  return (
    <Group justify="space-between" align="flex-start" p="md" gap="sm">
      <div>
        <Title order={2} size="h4">
          {property.name}
        </Title>
        <Text size="sm" c="dimmed">
          {property.address && <>{property.address} · </>}
          <span style={{ whiteSpace: 'nowrap' }}>PMS {property.pmsPropertyId}</span>
        </Text>
      </div>
      <Badge variant="light" size="lg">
        {property.leadCount === 1 ? '1 lead' : `${property.leadCount} leads`}
      </Badge>
    </Group>
  );
}

export function DashboardRoute() {
  const propertiesQuery = useProperties();
  const [searchParams] = useSearchParams();

  function handleRetry() {
    void propertiesQuery.refetch();
  }

  const properties = propertiesQuery.data ?? [];
  const requestedId = searchParams.get(SELECTED_PROPERTY_PARAM);
  const selected = properties.find((property) => property._id === requestedId) ?? properties[0];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h3">
            Leads
          </Title>
          <Text c="dimmed" size="sm">
            Pick a property to see its prospects and open a conversation.
          </Text>
        </div>
        <Group gap="sm">
          <Button
            component={Link}
            to={paths.unmatched.getHref()}
            variant="default"
            size="sm"
            leftSection={<IconMailQuestion size={16} stroke={1.75} />}
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

      {propertiesQuery.isError ? (
        <Paper withBorder radius="md">
          <ErrorState
            title="Could not load properties"
            message={propertiesQuery.error.message}
            onRetry={handleRetry}
          />
        </Paper>
      ) : !propertiesQuery.isPending && properties.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState
            icon={<IconBuildingCommunity size={22} stroke={1.5} />}
            title="No properties yet"
            description="Properties your company manages appear here once they are connected."
          />
        </Paper>
      ) : (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
            <Paper withBorder radius="md" p="xs">
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs" pb="sm">
                Properties
              </Text>
              {propertiesQuery.isPending ? (
                <PropertiesSkeleton />
              ) : (
                <PropertyList properties={properties} selectedPropertyId={selected?._id ?? null} />
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
            <Paper withBorder radius="md">
              {selected ? (
                <>
                  <SelectedPropertyHeader property={selected} />
                  <PropertyLeads key={selected._id} propertyId={selected._id} />
                </>
              ) : (
                <Stack p="md" gap="sm">
                  <Skeleton height={24} width="40%" />
                  <Skeleton height={200} />
                </Stack>
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
