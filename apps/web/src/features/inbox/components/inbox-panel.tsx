import type { InboxChannel, InboxFilter, InboxItem } from '@leasing/contract';
import { Button, Progress, Skeleton, Stack } from '@mantine/core';
import { IconFilterOff, IconInbox, IconSearch } from '@tabler/icons-react';
import { useCallback, type ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useInbox } from '../api/get-inbox';
import type { InboxParams } from '../api/get-inbox';
import { hasInboxNarrowing } from '../utils/inbox-url-params';
import { InboxList } from './inbox-list';
import { INBOX_ROW_HEIGHT } from './inbox-row';
import { InboxToolbar } from './inbox-toolbar';

function InboxSkeleton() {
  return (
    <Stack gap={0} role="status" aria-label="Loading leads">
      {Array.from({ length: 8 }, (_, index) => (
        <Stack key={index} gap={8} px="md" py={12} h={INBOX_ROW_HEIGHT}>
          <Skeleton height={12} width={`${40 + ((index * 17) % 30)}%`} />
          <Skeleton height={10} width={`${60 + ((index * 11) % 30)}%`} />
        </Stack>
      ))}
    </Stack>
  );
}

function NoMatches({ params, onClear }: { params: InboxParams; onClear: () => void }) {
  const search = params.search.trim();
  return (
    <Stack align="center" gap={0} pb="xl">
      <EmptyState
        icon={<IconSearch size={22} stroke={1.5} />}
        title={search ? `No leads match “${search}”` : 'No leads match these filters'}
        description={
          search
            ? 'Search finds a name, the start of an email address, or a phone number typed any way.'
            : 'Fewer filters show more leads.'
        }
      />
      <Button
        variant="default"
        size="sm"
        leftSection={<IconFilterOff size={16} stroke={1.75} />}
        onClick={onClear}
      >
        Clear filters
      </Button>
    </Stack>
  );
}

export type InboxPanelProps = {
  params: InboxParams;
  onSearchChange: (search: string) => void;
  onFiltersChange: (filters: InboxFilter[]) => void;
  onChannelChange: (channel: InboxChannel | null) => void;
  onClearFilters: () => void;
  /** A control on each row (the app puts 'Follow up' there). */
  renderRowAction?: (item: InboxItem) => ReactNode;
};

/**
 * The lead inbox of one property or all of them: who needs a human first (open decisions), then
 * the most recent conversations. Search and filters narrow it; new messages move leads up live.
 */
export function InboxPanel({
  params,
  onSearchChange,
  onFiltersChange,
  onChannelChange,
  onClearFilters,
  renderRowAction,
}: InboxPanelProps) {
  const inboxQuery = useInbox(params);
  const { fetchNextPage, refetch } = inboxQuery;
  const handleLoadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  function handleRetry() {
    void refetch();
  }

  function renderBody() {
    if (inboxQuery.isPending) return <InboxSkeleton />;
    if (!inboxQuery.data) {
      return (
        <ErrorState
          title="Could not load leads"
          message={inboxQuery.error?.message}
          onRetry={handleRetry}
        />
      );
    }
    const items = inboxQuery.data.pages.flatMap((page) => page.items);
    if (items.length === 0) {
      return hasInboxNarrowing(params) ? (
        <NoMatches params={params} onClear={onClearFilters} />
      ) : (
        <EmptyState
          icon={<IconInbox size={22} stroke={1.5} />}
          title="No leads yet"
          description="Prospects appear here as soon as they text, email or call, or the property system sends them."
        />
      );
    }
    return (
      <InboxList
        items={items}
        renderRowAction={renderRowAction}
        showProperty={params.propertyId === null}
        hasNextPage={inboxQuery.hasNextPage}
        isFetchingNextPage={inboxQuery.isFetchingNextPage}
        isFetchNextPageError={inboxQuery.isFetchNextPageError}
        onLoadMore={handleLoadMore}
      />
    );
  }

  // Another search or filter is loading while the list before it stays: a thin bar says so.
  const isRefreshing = inboxQuery.isPlaceholderData && inboxQuery.isFetching;
  return (
    <Stack gap={0}>
      <Stack gap="sm" p="md" pb="sm">
        <InboxToolbar
          search={params.search}
          filters={params.filters}
          channel={params.channel}
          onSearchChange={onSearchChange}
          onFiltersChange={onFiltersChange}
          onChannelChange={onChannelChange}
        />
      </Stack>
      <Progress
        value={100}
        animated
        size={2}
        radius={0}
        style={{ visibility: isRefreshing ? 'visible' : 'hidden' }}
        aria-hidden
      />
      <div style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>{renderBody()}</div>
    </Stack>
  );
}
