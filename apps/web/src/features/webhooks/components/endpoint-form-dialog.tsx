import { webhookEventInfo, webhookEventNames } from '@leasing/contract';
import type { WebhookEndpoint, WebhookEventName } from '@leasing/contract';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from '../api/save-webhook-endpoint';

/** 'must be at most …' → 'Must be at most ….' */
function sentence(text: string): string {
  const capitalized = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}

export type EndpointFormDialogProps = {
  /** The endpoint to edit; none to add one. */
  endpoint?: WebhookEndpoint;
  onClose: () => void;
  /** Called with a new endpoint, so the page can show its secret. */
  onCreated?: (endpoint: WebhookEndpoint) => void;
};

/** Adds an endpoint, or edits one: its URL, what it is for, the events it gets, on or off. */
export function EndpointFormDialog({ endpoint, onClose, onCreated }: EndpointFormDialogProps) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<string[]>(endpoint?.events ?? []);
  const [active, setActive] = useState(endpoint?.active ?? true);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const mutation = endpoint ? update : create;
  const fieldErrors = toServerFieldErrors(mutation.error);
  const fieldError = (name: string) =>
    fieldErrors[name] === undefined ? undefined : sentence(fieldErrors[name]);
  const eventsServerError = Object.entries(fieldErrors).find(([name]) =>
    name.startsWith('events'),
  )?.[1];
  const otherError =
    mutation.isError && Object.keys(fieldErrors).length === 0 ? mutation.error.message : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    if (events.length === 0) {
      setEventsError('Choose at least one event.');
      return;
    }
    const input = { url, description, events: events as WebhookEventName[], active };
    if (endpoint) {
      update.mutate(
        { endpointId: endpoint._id, ...input },
        {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: 'The endpoint was saved.' });
            onClose();
          },
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: (created) => {
          notifications.show({ color: 'teal', message: 'The endpoint was added.' });
          onCreated?.(created);
          onClose();
        },
      });
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={endpoint ? 'Edit endpoint' : 'Add endpoint'}
      size="lg"
      centered
    >
      <form
        onSubmit={handleSubmit}
        aria-label={endpoint ? 'Edit endpoint' : 'New endpoint'}
        noValidate
      >
        <Stack gap="md">
          <TextInput
            label="URL"
            description="Where the events are POSTed, e.g. https://assistant.example.com/webhooks/leasing"
            placeholder="https://"
            type="url"
            autoComplete="off"
            required
            value={url}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              if (mutation.isError) mutation.reset();
            }}
            error={fieldError('url')}
            data-autofocus
          />
          <TextInput
            label="Description"
            description="Optional: what receives these events."
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={fieldError('description')}
          />
          <Checkbox.Group
            label="Events"
            description="The endpoint receives only the events you pick."
            value={events}
            onChange={(value) => {
              setEvents(value);
              setEventsError(null);
            }}
            error={eventsError ?? (eventsServerError ? sentence(eventsServerError) : undefined)}
            required
          >
            <Stack gap="xs" mt="xs">
              {webhookEventNames.map((name) => (
                <Checkbox
                  key={name}
                  value={name}
                  label={<Code>{name}</Code>}
                  description={webhookEventInfo[name].description}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          {endpoint && (
            <Switch
              label="Active"
              description="Switched off, the endpoint gets no new deliveries and queued ones stop."
              checked={active}
              onChange={(event) => setActive(event.currentTarget.checked)}
            />
          )}
          {otherError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {otherError}
            </Alert>
          )}
          {!endpoint && (
            <Text size="xs" c="dimmed">
              Each delivery is signed with the endpoint&apos;s own secret, shown once it is added.
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {endpoint ? 'Save endpoint' : 'Add endpoint'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
