import { inboxViewLabels } from '@leasing/contract';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { inboxScrollKey, useInbox } from '../api/get-inbox';
import type { InboxParams } from '../api/get-inbox';
import { describeInboxNarrowing } from '../utils/inbox-url-params';
import { InboxList } from './inbox-list';
import { renderInboxLoadState } from './inbox-load-state';
import classes from './inbox-sidebar.module.css';

export type InboxSidebarProps = {
  params: InboxParams;
  /** 'All properties' or the property's name. */
  scopeLabel: string;
  /** The inbox's query, carried by each row's link. */
  linkSearch: string;
  /** The full inbox with the same scope, search and filters. */
  fullInboxHref: string;
  currentLeadId: string | null;
  renderRowPresence?: (leadID: string) => ReactNode;
};

/**
 * The inbox beside an open lead on a wide screen: the same queue (scope, search, filters) the lead
 * was opened from, its rows three lines each, the open lead marked and kept in view.
 */
export function InboxSidebar({
  params,
  scopeLabel,
  linkSearch,
  fullInboxHref,
  currentLeadId,
  renderRowPresence,
}: InboxSidebarProps) {
  const inboxQuery = useInbox(params);
  const narrowing = [
    ...(params.view !== 'all' ? [inboxViewLabels[params.view]] : []),
    ...(describeInboxNarrowing(params) ? [describeInboxNarrowing(params)] : []),
  ].join(' · ');

  function renderBody() {
    if (!inboxQuery.data) return renderInboxLoadState(inboxQuery);
    const items = inboxQuery.data.pages.flatMap((page) => page.items);
    if (items.length === 0) {
      return (
        <EmptyState
          icon={<IconInbox size={22} stroke={1.5} />}
          title="No leads in this list"
          description="Open the inbox to change its filters."
        />
      );
    }
    return (
      <InboxList
        items={items}
        layout="stacked"
        fill
        showProperty={params.propertyId === null}
        hasNextPage={inboxQuery.hasNextPage}
        isFetchingNextPage={inboxQuery.isFetchingNextPage}
        isFetchNextPageError={inboxQuery.isFetchNextPageError}
        onLoadMore={() => void inboxQuery.fetchNextPage()}
        renderPresence={renderRowPresence}
        linkSearch={linkSearch}
        currentLeadId={currentLeadId}
        // Its own place, not the dashboard's: its rows are taller, and it scrolls by itself to
        // keep the open lead in view, which must not move the dashboard's list.
        scrollKey={`beside:${inboxScrollKey(params)}`}
      />
    );
  }

  return (
    <div className={classes.sidebar}>
      <Stack gap={2} className={classes.header}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={2} size="h5">
            Inbox
          </Title>
          <Anchor component={Link} to={fullInboxHref} size="sm">
            Open inbox
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed" truncate="end">
          {scopeLabel}
          {narrowing && ` · ${narrowing}`}
        </Text>
      </Stack>
      <div className={classes.body}>{renderBody()}</div>
    </div>
  );
}
