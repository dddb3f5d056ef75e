import { inboxViewLabels, inboxViews } from '@leasing/contract';
import type {
  InboxChannel,
  InboxFilter,
  InboxItem,
  InboxView,
  LeadStatus,
} from '@leasing/contract';
import { Button, Group, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  IconDownload,
  IconFilterOff,
  IconInbox,
  IconListCheck,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { useExportInboxCsv } from '../api/export-inbox-csv';
import { inboxScrollKey, useInbox } from '../api/get-inbox';
import type { InboxParams } from '../api/get-inbox';
import { hasInboxNarrowing } from '../utils/inbox-url-params';
import { InboxList } from './inbox-list';
import { renderInboxLoadState } from './inbox-load-state';
import { InboxToolbar } from './inbox-toolbar';

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

const emptyViews: Record<Exclude<InboxView, 'all'>, { title: string; description: string }> = {
  mine: {
    title: 'No leads of yours here',
    description: "Leads you take or are given show here. 'Unassigned' has leads nobody works yet.",
  },
  unassigned: {
    title: 'Every lead has an owner',
    description: 'New leads nobody works yet show here.',
  },
  assistant: {
    title: 'The assistant works no leads here',
    description: 'Leads handed to the leasing assistant show here.',
  },
};

export type InboxPanelProps = {
  params: InboxParams;
  onViewChange: (view: InboxView) => void;
  /**
   * What can be done to the selected rows (assigning them): the page composes it. Without it the
   * inbox offers no selection.
   */
  renderSelectionActions?: (leadIds: string[], clearSelection: () => void) => ReactNode;
  onSearchChange: (search: string) => void;
  onFiltersChange: (filters: InboxFilter[]) => void;
  onChannelChange: (channel: InboxChannel | null) => void;
  onStatusesChange: (statuses: LeadStatus[]) => void;
  onClearFilters: () => void;
  /** What a row shows of who else has its lead open. */
  renderRowPresence?: (leadID: string) => ReactNode;
  /** A control on each row (the app puts 'Follow up' there). */
  renderRowAction?: (item: InboxItem) => ReactNode;
  /** The inbox's query (`?…`), carried by each row's link to its lead. */
  linkSearch?: string;
  /** Called once the first rows are shown (the page then loads what opening a row needs). */
  onRowsShown?: () => void;
};

/**
 * The lead inbox of one property or all of them: who needs a human first (open decisions), then
 * the most recent conversations. Search and filters narrow it; new messages move leads up live.
 */
export function InboxPanel({
  params,
  onViewChange,
  renderSelectionActions,
  onSearchChange,
  onFiltersChange,
  onChannelChange,
  onStatusesChange,
  onClearFilters,
  renderRowPresence,
  renderRowAction,
  linkSearch,
  onRowsShown,
}: InboxPanelProps) {
  const inboxQuery = useInbox(params);
  const hasRows = (inboxQuery.data?.pages[0]?.items.length ?? 0) > 0;
  const rowsShown = useRef(onRowsShown);
  useEffect(() => {
    if (!hasRows || !rowsShown.current) return;
    const once = rowsShown.current;
    rowsShown.current = undefined;
    once();
  }, [hasRows]);
  const exportCsv = useExportInboxCsv();
  const { fetchNextPage } = inboxQuery;
  const handleLoadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const [selected, setSelected] = useState<ReadonlySet<string> | null>(null);
  const clearSelection = useCallback(() => setSelected(null), []);
  const toggleSelected = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  function renderBody() {
    if (!inboxQuery.data) return renderInboxLoadState(inboxQuery);
    const items = inboxQuery.data.pages.flatMap((page) => page.items);
    if (items.length === 0) {
      if (hasInboxNarrowing(params)) {
        return <NoMatches params={params} onClear={onClearFilters} />;
      }
      return params.view !== 'all' ? (
        <EmptyState
          icon={<IconInbox size={22} stroke={1.5} />}
          title={emptyViews[params.view].title}
          description={emptyViews[params.view].description}
        />
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
        selection={selected ? { ids: selected, onToggle: toggleSelected } : undefined}
        renderPresence={renderRowPresence}
        linkSearch={linkSearch}
        scrollKey={inboxScrollKey(params)}
      />
    );
  }

  const loadedIds = inboxQuery.data?.pages.flatMap((page) => page.items.map((item) => item._id));
  const selectedIds = selected ? [...selected].filter((id) => loadedIds?.includes(id)) : [];

  // Another search or filter is loading while the list before it stays: a thin bar says so.
  const isRefreshing = inboxQuery.isPlaceholderData && inboxQuery.isFetching;
  return (
    <Stack gap={0}>
      <Stack gap="sm" p="md" pb="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <SegmentedControl
            size="xs"
            value={params.view}
            onChange={(value) => onViewChange(value as InboxView)}
            data={inboxViews.map((view) => ({ value: view, label: inboxViewLabels[view] }))}
            aria-label="Whose leads"
          />
          <Group gap="xs" wrap="wrap">
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              loading={exportCsv.isPending}
              onClick={() => exportCsv.mutate(params)}
              title="Download every lead this list shows (all pages) as a spreadsheet file"
            >
              Export CSV
            </Button>
            {renderSelectionActions &&
              (selected ? (
                <Group gap="xs" wrap="wrap" role="group" aria-label="Selected leads">
                  <Text size="sm" aria-live="polite">
                    {selectedIds.length} selected
                  </Text>
                  {renderSelectionActions(selectedIds, clearSelection)}
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="gray"
                    leftSection={<IconX size={14} />}
                    onClick={clearSelection}
                  >
                    Cancel
                  </Button>
                </Group>
              ) : (
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconListCheck size={14} />}
                  visibleFrom="sm"
                  onClick={() => setSelected(new Set())}
                  disabled={!loadedIds?.length}
                  title={loadedIds?.length ? undefined : 'No leads to select'}
                >
                  Select
                </Button>
              ))}
          </Group>
        </Group>
        <InboxToolbar
          search={params.search}
          filters={params.filters}
          channel={params.channel}
          statuses={params.statuses}
          onSearchChange={onSearchChange}
          onFiltersChange={onFiltersChange}
          onChannelChange={onChannelChange}
          onStatusesChange={onStatusesChange}
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
