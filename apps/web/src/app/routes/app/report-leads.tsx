import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconUsersGroup } from '@tabler/icons-react';
import type { ReportLeadsQuery } from '@leasing/contract';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { paths } from '../../../config/paths';
import { InboxList } from '../../../features/inbox/components/inbox-list';
import { useReportLeads } from '../../../features/reports/api/get-report-leads';
import { formatLeads } from '../../../features/reports/utils/format-report';
import { leadsQueryFrom, reportSearchOf } from '../../../features/reports/utils/report-params';

/**
 * The leads behind a report's figure, as inbox rows that open the lead; the server says in words
 * what the list is. Back returns to the report as it was.
 */
export function ReportLeadsRoute() {
  const [searchParams] = useSearchParams();
  const query = leadsQueryFrom(searchParams);
  const backHref = paths.reports.getHref(reportSearchOf(searchParams));
  return (
    <Stack gap="md" maw={1040}>
      <Group>
        <Button
          component={Link}
          to={backHref}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} />}
        >
          Back to the report
        </Button>
      </Group>
      {query ? (
        <ReportLeads query={query} />
      ) : (
        <Paper withBorder radius="md">
          <EmptyState
            icon={<IconUsersGroup size={22} stroke={1.5} />}
            title="This link names no figure of a report"
            description="Open a figure from the report again."
          />
        </Paper>
      )}
    </Stack>
  );
}

function ReportLeads({ query }: { query: ReportLeadsQuery }) {
  const leads = useReportLeads(query);
  const first = leads.data?.pages[0];
  const items = leads.data?.pages.flatMap((page) => page.items) ?? [];

  function renderBody() {
    if (leads.isPending) {
      return (
        <Stack gap="sm" p="md" role="status" aria-label="Loading the leads">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={18} width={`${85 - row * 12}%`} />
          ))}
        </Stack>
      );
    }
    if (!leads.data) {
      return (
        <ErrorState
          title="Could not load the leads"
          message={leads.error?.message}
          onRetry={() => void leads.refetch()}
        />
      );
    }
    if (items.length === 0) {
      return (
        <EmptyState
          icon={<IconUsersGroup size={22} stroke={1.5} />}
          title="No leads here now"
          description="The figure counted them when the report loaded; they have moved on since."
        />
      );
    }
    return (
      <InboxList
        items={items}
        showProperty
        hasNextPage={leads.hasNextPage}
        isFetchingNextPage={leads.isFetchingNextPage}
        isFetchNextPageError={leads.isFetchNextPageError}
        onLoadMore={() => void leads.fetchNextPage()}
      />
    );
  }

  return (
    <>
      <div>
        <Title order={1} size="h3">
          {first?.description ?? 'Leads behind the figure'}
        </Title>
        {first && (
          <Text c="dimmed" size="sm">
            {formatLeads(first.total)}
          </Text>
        )}
      </div>
      <Paper withBorder radius="md">
        {renderBody()}
      </Paper>
    </>
  );
}
