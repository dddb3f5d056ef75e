import { Button, Center, Skeleton, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useLeads } from '../api/get-leads';
import { LeadTable } from './lead-table';

export type PropertyLeadsProps = {
  propertyId: string;
};

function LeadTableSkeleton() {
  return (
    <Stack gap="sm" p="md" aria-label="Loading leads" role="status">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={28} radius="sm" />
      ))}
    </Stack>
  );
}

/** The leads of one property, a page at a time (keyset paging with the server's cursor). */
export function PropertyLeads({ propertyId }: PropertyLeadsProps) {
  const leadsQuery = useLeads(propertyId);

  function handleLoadMore() {
    void leadsQuery.fetchNextPage();
  }

  function handleRetry() {
    void leadsQuery.refetch();
  }

  if (leadsQuery.isPending) return <LeadTableSkeleton />;
  if (!leadsQuery.data) {
    return (
      <ErrorState
        title="Could not load leads"
        message={leadsQuery.error?.message}
        onRetry={handleRetry}
      />
    );
  }

  const leads = leadsQuery.data.pages.flatMap((page) => page.items);
  if (leads.length === 0) {
    return (
      <EmptyState
        icon={<IconUsers size={22} stroke={1.5} />}
        title="No leads for this property yet"
        description="Prospects appear here as soon as they contact the property."
      />
    );
  }

  return (
    <Stack gap={0}>
      <LeadTable propertyId={propertyId} leads={leads} />
      {leadsQuery.isFetchNextPageError && (
        <Text c="red" size="sm" ta="center" role="alert" pt="sm">
          {leadsQuery.error?.message ?? 'Could not load more leads.'}
        </Text>
      )}
      {leadsQuery.hasNextPage && (
        <Center p="md">
          <Button
            variant="default"
            onClick={handleLoadMore}
            loading={leadsQuery.isFetchingNextPage}
          >
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
