import type { WebhookEndpoint } from '@leasing/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';

export type DeleteEndpointDialogProps = {
  endpoint: WebhookEndpoint;
  onClose: () => void;
};

/** Deleting stops every delivery to the URL and drops its log: it is confirmed first. */
export function DeleteEndpointDialog({ endpoint, onClose }: DeleteEndpointDialogProps) {
  const remove = useDeleteWebhookEndpoint();

  return (
    <Modal opened onClose={onClose} title="Delete endpoint?" size="md" centered>
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <b>{endpoint.url}</b> will get no more events, and its delivery log is deleted with it.
        </Text>
        {remove.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {remove.error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(endpoint._id, { onSuccess: onClose })}
          >
            Delete endpoint
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
