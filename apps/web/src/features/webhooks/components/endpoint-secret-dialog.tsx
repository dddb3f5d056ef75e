import type { WebhookEndpoint } from '@leasing/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyField } from '../../../components/ui/copy-field';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';

export type EndpointSecretDialogProps = {
  endpoint: WebhookEndpoint;
  onClose: () => void;
};

/** The endpoint's signing secret, to copy into the receiver; and replacing it. */
export function EndpointSecretDialog({ endpoint, onClose }: EndpointSecretDialogProps) {
  const [secret, setSecret] = useState(endpoint.secret);
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotateWebhookSecret();

  function handleRotate() {
    rotate.mutate(endpoint._id, {
      onSuccess: (rotated) => {
        setSecret(rotated.secret);
        setConfirming(false);
        notifications.show({ color: 'teal', message: 'The secret was rotated.' });
      },
    });
  }

  return (
    <Modal opened onClose={onClose} title="Signing secret" size="lg" centered>
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Deliveries to <b>{endpoint.url}</b> are signed with this secret (the{' '}
          <code>Webhook-Signature</code> header). Keep it in the receiver to check that a delivery
          came from us.
        </Text>
        <CopyField label="Signing secret" value={secret} monospace />
        {rotate.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {rotate.error.message}
          </Alert>
        )}
        {confirming ? (
          <Alert color="yellow" variant="light" title="Rotate the secret?">
            <Stack gap="sm">
              <Text size="sm">
                The current secret stops working at once, retries included. Put the new one in the
                receiver right after.
              </Text>
              <Group gap="sm">
                <Button color="yellow" loading={rotate.isPending} onClick={handleRotate}>
                  Rotate now
                </Button>
                <Button variant="default" onClick={() => setConfirming(false)}>
                  Keep the current secret
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group justify="space-between" gap="sm">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => setConfirming(true)}
            >
              Rotate secret
            </Button>
            <Button onClick={onClose}>Done</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
