import { webhookDeliveryStatuses } from '@leasing/contract';
import type { WebhookDeliveryStatus, WebhookDeliverySummary } from '@leasing/contract';
import { Button, Code, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { listState } from '../../../components/ui/list-state';
import { RowActions } from '../../../components/ui/row-actions';
import { StackedTable } from '../../../components/ui/stacked-table';
import { formatDateTime } from '../../../lib/format-date';
import { useWebhookDeliveries, type DeliveryFilters } from '../api/get-webhook-deliveries';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import { attemptsLabel, deliveryStatusInfo } from '../utils/delivery-status';
import { DeliveryDetailDialog } from './delivery-detail-dialog';
import { DeliveryStatusBadge } from './delivery-status-badge';
import { RedeliverButton } from './redeliver-button';

const COLUMNS = {
  time: 'Time',
  event: 'Event',
  endpoint: 'Endpoint',
  status: 'Status',
  attempts: 'Attempts',
  lastError: 'Last error',
} as const;

type DeliveryRowProps = {
  delivery: WebhookDeliverySummary;
  onOpen: (deliveryId: string) => void;
};

function DeliveryRow({ delivery, onOpen }: DeliveryRowProps) {
  return (
    <Table.Tr>
      <Table.Td data-label={COLUMNS.time}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(delivery.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td data-label={COLUMNS.event}>
        <Code>{delivery.event}</Code>
      </Table.Td>
      <Table.Td data-label={COLUMNS.endpoint}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {delivery.endpoint.url}
        </Text>
      </Table.Td>
      <Table.Td data-label={COLUMNS.status}>
        <DeliveryStatusBadge status={delivery.status} />
      </Table.Td>
      <Table.Td data-label={COLUMNS.attempts}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {attemptsLabel(delivery.attempts, delivery.maxAttempts, delivery.status)}
        </Text>
      </Table.Td>
      <Table.Td data-label={COLUMNS.lastError} data-empty={delivery.lastError ? undefined : true}>
        <Text size="sm" c="red" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {delivery.lastError ?? ''}
        </Text>
      </Table.Td>
      <RowActions>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={`Details of ${delivery.event} to ${delivery.endpoint.url}`}
          onClick={() => onOpen(delivery._id)}
        >
          Details
        </Button>
        <RedeliverButton delivery={delivery} />
      </RowActions>
    </Table.Tr>
  );
}

/** The delivery log, newest first: what was sent where, how it went, and sending it again. */
export function WebhookDeliveriesTable() {
  const [filters, setFilters] = useState<DeliveryFilters>({ endpointId: null, status: null });
  const [openId, setOpenId] = useState<string | null>(null);
  const endpointsQuery = useWebhookEndpoints();
  const deliveriesQuery = useWebhookDeliveries(filters);
  const items = deliveriesQuery.data?.pages.flatMap((page) => page.items);

  const filtersBar = (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <Select
        label="Endpoint"
        placeholder="All endpoints"
        clearable
        w={280}
        maw="100%"
        data={(endpointsQuery.data ?? []).map((endpoint) => ({
          value: endpoint._id,
          label: endpoint.url,
        }))}
        value={filters.endpointId}
        onChange={(endpointId) => setFilters((current) => ({ ...current, endpointId }))}
      />
      <Select
        label="Status"
        placeholder="Any status"
        clearable
        w={180}
        data={webhookDeliveryStatuses.map((status) => ({
          value: status,
          label: deliveryStatusInfo[status].label,
        }))}
        value={filters.status}
        onChange={(status) =>
          setFilters((current) => ({ ...current, status: status as WebhookDeliveryStatus | null }))
        }
      />
    </Group>
  );

  if (!deliveriesQuery.isSuccess || !items || items.length === 0) {
    return (
      <Stack gap="sm">
        {filtersBar}
        {listState(
          { ...deliveriesQuery, data: items },
          {
            loadingLabel: 'Loading deliveries',
            errorTitle: 'Could not load the deliveries',
            empty: {
              icon: <IconSend size={22} stroke={1.5} />,
              title:
                filters.endpointId || filters.status ? 'No deliveries match' : 'No deliveries yet',
              description:
                'Each event an endpoint picked shows here once it happens, with every attempt to deliver it.',
            },
          },
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      {filtersBar}
      <StackedTable label="Deliveries" columns={Object.values(COLUMNS)} withActions>
        {items.map((delivery) => (
          <DeliveryRow key={delivery._id} delivery={delivery} onOpen={setOpenId} />
        ))}
      </StackedTable>
      {deliveriesQuery.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={deliveriesQuery.isFetchingNextPage}
            onClick={() => void deliveriesQuery.fetchNextPage()}
          >
            Load more
          </Button>
        </Group>
      )}
      {openId && (
        <DeliveryDetailDialog key={openId} deliveryId={openId} onClose={() => setOpenId(null)} />
      )}
    </Stack>
  );
}
