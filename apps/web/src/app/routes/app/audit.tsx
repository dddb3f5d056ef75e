import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarX, IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { peopleSeen, useAudit } from '../../../features/audit/api/get-audit';
import { useExportAudit } from '../../../features/audit/api/export-audit';
import {
  AuditFiltersBar,
  BACKWARD_RANGE_MESSAGE,
} from '../../../features/audit/components/audit-filters-bar';
import { AuditTable } from '../../../features/audit/components/audit-table';
import { useTeam } from '../../../features/team/api/get-team';
import {
  filtersFromParams,
  isBackwardRange,
  paramsWithFilters,
} from '../../../features/audit/utils/audit-filters';
import type { AuditFilters } from '../../../features/audit/utils/audit-filters';

/** Settings → Audit: who changed what, when and from where, for the company's admins. */
export function AuditRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromParams(searchParams);
  const backward = isBackwardRange(filters);
  const audit = useAudit(filters, { enabled: !backward });
  const exportMutation = useExportAudit();
  const queryClient = useQueryClient();

  const entries = audit.data?.pages.flatMap((page) => page.items);
  // Everyone on the team (admins read both), plus anyone the loaded pages name who no longer is.
  const team = useTeam();
  const people = [
    ...(team.data ?? [])
      .filter((member) => member.status !== 'invited')
      .map((member) => ({ value: member._id, label: member.name })),
  ];
  for (const seen of peopleSeen(queryClient)) {
    if (!people.some((person) => person.value === seen.value)) people.push(seen);
  }
  if (filters.userId && !people.some((person) => person.value === filters.userId)) {
    people.push({ value: filters.userId, label: 'The chosen person' });
  }
  const leadName = entries?.find((entry) => entry.lead?._id === filters.leadId)?.lead?.name ?? null;

  function handleFilters(changes: Partial<AuditFilters>) {
    setSearchParams((params) => paramsWithFilters(params, changes));
  }

  function handleFilterLead(leadId: string) {
    handleFilters({ leadId });
  }

  function handleExport() {
    exportMutation.mutate(filters);
  }

  return (
    <Stack gap="lg" maw={1240}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <div>
          <Title order={1} size="h3">
            Audit
          </Title>
          <Text c="dimmed" size="sm" maw={640}>
            Every change a colleague or an integration key made, and every sign-in, newest first.
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={handleExport}
          loading={exportMutation.isPending}
          disabled={backward}
          title={backward ? `${BACKWARD_RANGE_MESSAGE} to export.` : undefined}
        >
          Export CSV
        </Button>
      </Group>
      <AuditFiltersBar
        filters={filters}
        people={people}
        leadName={leadName}
        onChange={handleFilters}
      />
      {backward ? (
        <Paper withBorder radius="md">
          <EmptyState
            icon={<IconCalendarX size={22} stroke={1.5} />}
            title="These days select nothing"
            description={`${BACKWARD_RANGE_MESSAGE} to see entries.`}
          />
        </Paper>
      ) : (
        <AuditTable
          entries={entries}
          isPending={audit.isPending}
          error={audit.error}
          hasNextPage={audit.hasNextPage}
          isFetchingNextPage={audit.isFetchingNextPage}
          isFetchNextPageError={audit.isFetchNextPageError}
          onRetry={() => void audit.refetch()}
          onLoadMore={() => void audit.fetchNextPage()}
          onFilterLead={handleFilterLead}
        />
      )}
    </Stack>
  );
}
