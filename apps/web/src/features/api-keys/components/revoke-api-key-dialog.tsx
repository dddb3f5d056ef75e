import type { ApiKey } from '@leasing/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRevokeApiKey } from '../api/revoke-api-key';

export type RevokeApiKeyDialogProps = {
  apiKey: ApiKey;
  onClose: () => void;
};

/** Revoking cannot be undone, and stops a system at once: it is confirmed first. */
export function RevokeApiKeyDialog({ apiKey, onClose }: RevokeApiKeyDialogProps) {
  const revoke = useRevokeApiKey();

  function handleRevoke() {
    revoke.mutate(apiKey._id, { onSuccess: onClose });
  }

  return (
    <Modal opened onClose={onClose} title="Revoke API key?" size="md" centered>
      <Stack gap="md">
        <Text size="sm">
          Systems using <b>{apiKey.name}</b> ({apiKey.prefix}…) will be refused from their next
          request. This cannot be undone.
        </Text>
        {revoke.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {revoke.error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={handleRevoke} loading={revoke.isPending}>
            Revoke key
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
