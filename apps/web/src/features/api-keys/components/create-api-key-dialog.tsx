import {
  API_KEY_NAME_MAX_LENGTH,
  apiKeyScopeInfo,
  apiKeyScopes,
  createApiKeyRequestSchema,
} from '@leasing/contract';
import type { ApiKeyScope, CreatedApiKey } from '@leasing/contract';
import { Alert, Button, Checkbox, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { DialogSubmitRow } from '../../../components/ui/dialog-submit-row';
import { CopyField } from '../../../components/ui/copy-field';
import type { ChangeEvent, FormEvent } from 'react';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { useCreateApiKey } from '../api/create-api-key';
import { expiryOfDay, toLocalIsoDate } from '../utils/key-expiry';

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
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expiryDay, setExpiryDay] = useState('');
  // The request schema's messages, once the admin tried to create the key.
  const [formErrors, setFormErrors] = useState<Record<string, string>>({});
  const createKey = useCreateApiKey();
  // The request's own schema says when a name will do; an empty one only keeps the button off.
  const hasName = createApiKeyRequestSchema.shape.name.safeParse(name).success;
  const canCreate = hasName && !createKey.isPending;
  // The server's 400 names the field in its details; anything else shows above the buttons.
  const serverErrors = toServerFieldErrors(createKey.error);
  const errors = { ...serverErrors, ...formErrors };
  const hasFieldError = ['name', 'scopes', 'expiresAt'].some((field) => serverErrors[field]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canCreate) return;
    const request = createApiKeyRequestSchema.safeParse({
      name,
      scopes,
      expiresAt: expiryOfDay(expiryDay),
    });
    if (!request.success) {
      const found: Record<string, string> = {};
      for (const issue of request.error.issues) found[String(issue.path[0])] ??= issue.message;
      setFormErrors(found);
      return;
    }
    setFormErrors({});
    createKey.mutate(request.data);
  }

  function handleScopesChange(value: string[]) {
    setScopes(apiKeyScopes.filter((scope) => value.includes(scope)));
    setFormErrors(({ scopes: _cleared, ...rest }) => rest);
  }

  function handleExpiryChange(event: ChangeEvent<HTMLInputElement>) {
    setExpiryDay(event.currentTarget.value);
    setFormErrors(({ expiresAt: _cleared, ...rest }) => rest);
  }

  function handleClose() {
    createKey.reset();
    setName('');
    setScopes([]);
    setExpiryDay('');
    setFormErrors({});
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
        <form onSubmit={handleSubmit} aria-label="New API key" noValidate>
          <Stack gap="md">
            <TextInput
              label="Name"
              description="Name it after the system that will use it, so you know which key to revoke."
              placeholder="e.g. Yardi sync"
              value={name}
              maxLength={API_KEY_NAME_MAX_LENGTH}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errors.name}
              data-autofocus
            />
            <Checkbox.Group
              label="What the key may do"
              description="Give it only what its system needs."
              value={scopes}
              onChange={handleScopesChange}
              error={errors.scopes}
              withAsterisk
            >
              <Stack gap="xs" mt="xs">
                {apiKeyScopes.map((scope) => (
                  <Checkbox
                    key={scope}
                    value={scope}
                    label={apiKeyScopeInfo[scope].label}
                    description={apiKeyScopeInfo[scope].description}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <TextInput
              label="Expires on"
              description="Optional. The key works through this day, then is refused. Leave empty for a key that does not expire."
              type="date"
              value={expiryDay}
              min={toLocalIsoDate(new Date())}
              onChange={handleExpiryChange}
              error={errors.expiresAt}
            />
            {createKey.isError && !hasFieldError && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertTriangle size={18} />}
                role="alert"
              >
                {createKey.error.message}
              </Alert>
            )}
            <DialogSubmitRow
              submitLabel="Create key"
              submitIcon={<IconKey size={16} />}
              isSubmitting={createKey.isPending}
              disabledReason={hasName ? null : 'Name the key first'}
              onCancel={handleClose}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
