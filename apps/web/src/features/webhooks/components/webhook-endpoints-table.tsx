import type { WebhookEndpoint } from '@leasing/contract';
import { Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { listState } from '../../../components/ui/list-state';
import { RowActions } from '../../../components/ui/row-actions';
import { StackedTable } from '../../../components/ui/stacked-table';
import { formatDateTime } from '../../../lib/format-date';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import { DeleteEndpointDialog } from './delete-endpoint-dialog';
import { DeliveryStatusBadge } from './delivery-status-badge';
import { EndpointFormDialog } from './endpoint-form-dialog';
import { EndpointSecretDialog } from './endpoint-secret-dialog';

const COLUMNS = {
  url: 'URL',
  events: 'Events',
  status: 'Status',
  lastDelivery: 'Last delivery',
} as const;

type Opened = { kind: 'edit' | 'delete' | 'secret'; endpoint: WebhookEndpoint } | null;

type EndpointRowProps = {
  endpoint: WebhookEndpoint;
  onOpen: (opened: Exclude<Opened, null>) => void;
};

function EndpointRow({ endpoint, onOpen }: EndpointRowProps) {
  return (
    <Table.Tr>
      <Table.Td data-label={COLUMNS.url}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {endpoint.url}
        </Text>
        {endpoint.description && (
          <Text size="xs" c="dimmed">
            {endpoint.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label={COLUMNS.events}>
        <Group gap={4}>
          {endpoint.events.map((event) => (
            <Code key={event}>{event}</Code>
          ))}
        </Group>
      </Table.Td>
      <Table.Td data-label={COLUMNS.status}>
        <Badge
          color={endpoint.active ? 'teal' : 'gray'}
          variant="light"
          size="sm"
          miw="max-content"
        >
          {endpoint.active ? 'Active' : 'Off'}
        </Badge>
      </Table.Td>
      <Table.Td data-label={COLUMNS.lastDelivery}>
        {endpoint.lastDelivery ? (
          <Stack gap={2}>
            <Group gap="xs" wrap="nowrap">
              <DeliveryStatusBadge status={endpoint.lastDelivery.status} />
              <Code>{endpoint.lastDelivery.event}</Code>
            </Group>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(endpoint.lastDelivery.createdAt)}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            None yet
          </Text>
        )}
      </Table.Td>
      <RowActions>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={`Signing secret of ${endpoint.url}`}
          onClick={() => onOpen({ kind: 'secret', endpoint })}
        >
          Secret
        </Button>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={`Edit ${endpoint.url}`}
          onClick={() => onOpen({ kind: 'edit', endpoint })}
        >
          Edit
        </Button>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          aria-label={`Delete ${endpoint.url}`}
          onClick={() => onOpen({ kind: 'delete', endpoint })}
        >
          Delete
        </Button>
      </RowActions>
    </Table.Tr>
  );
}

/** The company's webhook endpoints: where each event goes, and managing them. */
export function WebhookEndpointsTable() {
  const endpointsQuery = useWebhookEndpoints();
  const [opened, setOpened] = useState<Opened>(null);

  function handleClose() {
    setOpened(null);
  }

  if (!endpointsQuery.isSuccess || endpointsQuery.data.length === 0) {
    return listState(endpointsQuery, {
      loadingLabel: 'Loading endpoints',
      errorTitle: 'Could not load the endpoints',
      empty: {
        icon: <IconWebhook size={22} stroke={1.5} />,
        title: 'No endpoints yet',
        description:
          'Add endpoint to send events to the leasing assistant, your PMS or a CRM as they happen.',
      },
    });
  }

  return (
    <>
      <StackedTable label="Endpoints" columns={Object.values(COLUMNS)} withActions>
        {endpointsQuery.data.map((endpoint) => (
          <EndpointRow key={endpoint._id} endpoint={endpoint} onOpen={setOpened} />
        ))}
      </StackedTable>
      {opened?.kind === 'edit' && (
        <EndpointFormDialog
          key={opened.endpoint._id}
          endpoint={opened.endpoint}
          onClose={handleClose}
        />
      )}
      {opened?.kind === 'delete' && (
        <DeleteEndpointDialog
          key={opened.endpoint._id}
          endpoint={opened.endpoint}
          onClose={handleClose}
        />
      )}
      {opened?.kind === 'secret' && (
        <EndpointSecretDialog
          key={opened.endpoint._id}
          endpoint={opened.endpoint}
          onClose={handleClose}
        />
      )}
    </>
  );
}
