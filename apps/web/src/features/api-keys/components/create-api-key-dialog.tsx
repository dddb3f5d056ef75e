import { API_KEY_NAME_MAX_LENGTH, createApiKeyRequestSchema } from '@leasing/contract';
import type { CreatedApiKey } from '@leasing/contract';
import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyField } from '../../../components/ui/copy-field';
import type { FormEvent } from 'react';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { useCreateApiKey } from '../api/create-api-key';

export const KEY_SHOWN_ONCE_WARNING = 'Copy this key now. It will not be shown again.';

function CreatedKey({ created }: { created: CreatedApiKey }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        <Text size="sm" fw={600}>
          {KEY_SHOWN_ONCE_WARNING}
        </Text>
        <Text size="sm">
          Store it where {created.apiKey.name} keeps its secrets. If it is lost, revoke it and
          create a new one.
        </Text>
      </Alert>
      <CopyField label="API key" value={created.key} monospace />
      <Text size="sm" c="dimmed">
        Send it as <Code>Authorization: Bearer &lt;key&gt;</Code> to the integration API.
      </Text>
    </Stack>
  );
}

export type CreateApiKeyDialogProps = {
  opened: boolean;
  onClose: () => void;
};

/**
 * Names and creates a key, then shows it — the one time anyone can see it; closing the dialog
 * forgets it.
 */
export function CreateApiKeyDialog({ opened, onClose }: CreateApiKeyDialogProps) {
  const [name, setName] = useState('');
  const createKey = useCreateApiKey();
  // The request's own schema says when a name will do; an empty one only keeps the button off.
  const request = createApiKeyRequestSchema.safeParse({ name });
  const canCreate = request.success && !createKey.isPending;
  // The server's 400 names the field in its details; anything else shows above the buttons.
  const nameError = toServerFieldErrors(createKey.error).name;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canCreate) createKey.mutate(request.data);
  }

  function handleClose() {
    createKey.reset();
    setName('');
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title="Create API key"
      size="lg"
      centered
      // The key must not vanish with a stray click outside before it was copied.
      closeOnClickOutside={!createKey.data}
    >
      {createKey.data ? (
        <Stack gap="md">
          <CreatedKey created={createKey.data} />
          <Group justify="flex-end">
            <Button onClick={handleClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} aria-label="New API key">
          <Stack gap="md">
            <TextInput
              label="Name"
              description="Name it after the system that will use it, so you know which key to revoke."
              placeholder="e.g. Yardi sync"
              value={name}
              maxLength={API_KEY_NAME_MAX_LENGTH}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameError}
              data-autofocus
            />
            {createKey.isError && nameError === undefined && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertTriangle size={18} />}
                role="alert"
              >
                {createKey.error.message}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={handleClose}>
                Cancel
              </Button>
              <Button
                type="submit"
                leftSection={<IconKey size={16} />}
                disabled={!canCreate}
                loading={createKey.isPending}
              >
                Create key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
