import { Alert, Button, Code, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format-date';
import { useWebhookDelivery } from '../api/get-webhook-delivery';
import { attemptsLabel } from '../utils/delivery-status';
import { DeliveryStatusBadge } from './delivery-status-badge';
import { RedeliverButton } from './redeliver-button';

export type DeliveryDetailDialogProps = {
  deliveryId: string;
  onClose: () => void;
};

/** One delivery: what it sends (the payload), and what each attempt got back. */
export function DeliveryDetailDialog({ deliveryId, onClose }: DeliveryDetailDialogProps) {
  const deliveryQuery = useWebhookDelivery(deliveryId);
  const delivery = deliveryQuery.data;

  return (
    <Modal opened onClose={onClose} title="Delivery" size="xl" centered>
      {deliveryQuery.isPending && (
        <Stack role="status" aria-label="Loading the delivery">
          <Skeleton height={20} width="60%" />
          <Skeleton height={120} />
        </Stack>
      )}
      {deliveryQuery.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {deliveryQuery.error.message}
          <Button
            variant="subtle"
            size="compact-sm"
            ml="sm"
            onClick={() => void deliveryQuery.refetch()}
          >
            Retry
          </Button>
        </Alert>
      )}
      {delivery && (
        <Stack gap="md">
          <Group gap="sm" wrap="wrap">
            <DeliveryStatusBadge status={delivery.status} />
            <Code>{delivery.event}</Code>
            <Text size="sm" c="dimmed">
              {attemptsLabel(delivery.attempts, delivery.maxAttempts, delivery.status)}
            </Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            To <b>{delivery.endpoint.url}</b>
            <br />
            Id (<code>Webhook-Id</code>): <code>{delivery._id}</code>
            {delivery.nextAttemptAt && (
              <>
                <br />
                Next attempt {formatDateTime(delivery.nextAttemptAt)}
              </>
            )}
          </Text>
          {delivery.attemptLog.length > 0 && (
            <Table aria-label="Attempts" verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Answer</Table.Th>
                  <Table.Th>Took</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {delivery.attemptLog.map((attempt) => (
                  <Table.Tr key={attempt.number}>
                    <Table.Td>{attempt.number}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(attempt.at)}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {attempt.error ?? `HTTP ${attempt.statusCode ?? ''}`}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{attempt.durationMs} ms</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <div>
            <Text size="sm" fw={600} mb={4}>
              Payload
            </Text>
            <Code block aria-label="Payload" mah={320} style={{ overflow: 'auto' }}>
              {JSON.stringify(delivery.payload, null, 2)}
            </Code>
          </div>
          <Group justify="flex-end" gap="sm">
            <RedeliverButton delivery={delivery} />
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
