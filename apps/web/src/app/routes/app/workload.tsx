import { Button, Group, NativeSelect, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { leadStatuses } from '@leasing/contract';
import { IconUsersGroup } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SELECTED_PROPERTY_PARAM } from '../../../config/paths';
import { useUser } from '../../../features/auth/api/get-user';
import { useInbox, type InboxParams } from '../../../features/inbox/api/get-inbox';
import { InboxList } from '../../../features/inbox/components/inbox-list';
import { BulkAssignActions } from '../../../features/owners/components/bulk-assign-actions';
import { useProperties } from '../../../features/properties/api/get-properties';
import { useWorkload, WORKLOAD_QUERY_KEY_ROOT } from '../../../features/workload/api/get-workload';
import { WorkloadTable } from '../../../features/workload/components/workload-table';
import {
  HOLDER_PARAM,
  holderKey,
  holderLeadsTitle,
  type Holder,
} from '../../../features/workload/utils/holder';

const ALL = '';

/** The statuses the workload counts: every lead neither leased nor lost. */
const OPEN_STATUSES = leadStatuses.filter((status) => status !== 'LEASED' && status !== 'LOST');

/** A holder's open leads as an inbox list: in the inbox's order, live like every inbox list. */
const holderInbox = (holder: Holder, propertyId: string | null): InboxParams => ({
  propertyId,
  search: '',
  filters: [],
  channel: null,
  view: holder.kind === 'user' ? 'all' : holder.kind,
  ownerId: holder.kind === 'user' ? holder.userId : undefined,
  statuses: OPEN_STATUSES,
});

/** The holder the URL names, found in the workload (a person no longer listed is nobody's). */
function holderFrom(key: string | null, members: { _id: string; name: string }[]): Holder | null {
  if (key === 'unassigned' || key === 'assistant') return { kind: key };
  if (!key?.startsWith('user:')) return null;
  const member = members.find((person) => `user:${person._id}` === key);
  return member ? { kind: 'user', userId: member._id, name: member.name } : null;
}

/**
 * Team → Workload (managers and admins): what each person holds, and below it the leads of the
 * person picked, to hand some on. The property and the person are in the URL.
 */
export function WorkloadRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const propertiesQuery = useProperties();
  const propertyId = searchParams.get(SELECTED_PROPERTY_PARAM);
  const workloadQuery = useWorkload(propertyId);
  const holder = holderFrom(searchParams.get(HOLDER_PARAM), workloadQuery.data?.members ?? []);

  function setParam(name: string, value: string | null) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  }

  function handlePropertyChange(event: ChangeEvent<HTMLSelectElement>) {
    setParam(SELECTED_PROPERTY_PARAM, event.currentTarget.value || null);
  }

  function handleSelect(next: Holder) {
    const key = holderKey(next);
    setParam(HOLDER_PARAM, holder && holderKey(holder) === key ? null : key);
  }

  function renderTable() {
    if (workloadQuery.isPending) {
      return (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm" role="status" aria-label="Loading the team's workload">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} height={20} width={`${90 - row * 10}%`} />
            ))}
          </Stack>
        </Paper>
      );
    }
    if (workloadQuery.isError) {
      return (
        <Paper withBorder radius="md">
          <ErrorState
            title="Could not load the team's workload"
            message={workloadQuery.error.message}
            onRetry={() => void workloadQuery.refetch()}
          />
        </Paper>
      );
    }
    return (
      <WorkloadTable
        workload={workloadQuery.data}
        selected={holder}
        onSelect={handleSelect}
        now={new Date()}
      />
    );
  }

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h3">
            Team workload
          </Title>
          <Text c="dimmed" size="sm" maw={640}>
            The open leads each person holds (neither leased nor lost), those waiting for a reply,
            and the follow-ups that have come due. Pick a person to see their leads and hand some
            on.
          </Text>
        </div>
        <NativeSelect
          aria-label="Property"
          value={propertyId ?? ALL}
          onChange={handlePropertyChange}
          disabled={propertiesQuery.isPending}
          data={[
            { value: ALL, label: 'All properties' },
            ...(propertiesQuery.data ?? []).map((property) => ({
              value: property._id,
              label: property.name,
            })),
          ]}
          miw={220}
        />
      </Group>
      {renderTable()}
      {holder && <HolderLeads key={holderKey(holder)} holder={holder} propertyId={propertyId} />}
    </Stack>
  );
}

type HolderLeadsProps = { holder: Holder; propertyId: string | null };

/** The holder's open leads with a box each: the chosen ones go to another owner at once. */
function HolderLeads({ holder, propertyId }: HolderLeadsProps) {
  const queryClient = useQueryClient();
  const userQuery = useUser();
  const leadsQuery = useInbox(holderInbox(holder, propertyId));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const items = leadsQuery.data?.pages.flatMap((page) => page.items) ?? [];
  const selectedIds = items.filter((item) => selected.has(item._id)).map((item) => item._id);
  const allSelected = items.length > 0 && selectedIds.length === items.length;
  const title = holderLeadsTitle(holder);

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function handleToggleAll() {
    setSelected(allSelected ? new Set() : new Set(items.map((item) => item._id)));
  }

  function handleAssigned() {
    setSelected(new Set());
    void queryClient.invalidateQueries({ queryKey: [WORKLOAD_QUERY_KEY_ROOT] });
  }

  function renderBody() {
    if (leadsQuery.isPending) {
      return (
        <Stack gap="sm" p="md" role="status" aria-label="Loading the leads">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={18} width={`${85 - row * 12}%`} />
          ))}
        </Stack>
      );
    }
    if (leadsQuery.isError && !leadsQuery.data) {
      return (
        <ErrorState
          title="Could not load the leads"
          message={leadsQuery.error.message}
          onRetry={() => void leadsQuery.refetch()}
        />
      );
    }
    if (items.length === 0) {
      return (
        <EmptyState
          icon={<IconUsersGroup size={22} stroke={1.5} />}
          title="No open leads"
          description="Nothing to hand on here."
        />
      );
    }
    return (
      <InboxList
        items={items}
        showProperty={propertyId === null}
        hasNextPage={leadsQuery.hasNextPage}
        isFetchingNextPage={leadsQuery.isFetchingNextPage}
        isFetchNextPageError={leadsQuery.isFetchNextPageError}
        onLoadMore={() => void leadsQuery.fetchNextPage()}
        selection={{ ids: selected, onToggle: toggle }}
      />
    );
  }

  return (
    <Paper withBorder radius="md" component="section" aria-label={title}>
      <Group justify="space-between" gap="sm" p="md" pb="sm" wrap="wrap">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Group gap="xs" wrap="wrap" role="group" aria-label="Selected leads">
          <Text size="sm" aria-live="polite">
            {selectedIds.length} selected
          </Text>
          <Button
            size="compact-sm"
            variant="default"
            onClick={handleToggleAll}
            disabled={items.length === 0}
            title={items.length === 0 ? 'No leads to select' : undefined}
          >
            {allSelected ? 'Select none' : 'Select all'}
          </Button>
          <BulkAssignActions leadIds={selectedIds} me={userQuery.data} onDone={handleAssigned} />
        </Group>
      </Group>
      {renderBody()}
    </Paper>
  );
}
