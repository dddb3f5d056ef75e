import { LOST_REASON_MAX_LENGTH } from '@leasing/contract';
import type { LostReason } from '@leasing/contract';
import { ActionIcon, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ErrorState } from '../../../components/ui/error-state';
import { useChangeLostReasons } from '../api/change-lost-reasons';
import { useLostReasons } from '../api/get-lost-reasons';

type Changes = ReturnType<typeof useChangeLostReasons>;

function showError(error: Error) {
  notifications.show({ color: 'red', message: error.message });
}

/** One reason: its name edited in place (saved on Enter or leaving the field), and 'Remove'. */
function ReasonRow({ reason, changes }: { reason: LostReason; changes: Changes }) {
  const [name, setName] = useState(reason.name);
  const trimmed = name.trim();

  function handleSave() {
    if (!trimmed || trimmed === reason.name) {
      setName(reason.name);
      return;
    }
    changes.rename.mutate(
      { reasonId: reason._id, name: trimmed },
      {
        onError: (error) => {
          setName(reason.name);
          showError(error);
        },
      },
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    handleSave();
  }

  return (
    <form onSubmit={handleSubmit}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onBlur={handleSave}
          aria-label={`Rename "${reason.name}"`}
          maxLength={LOST_REASON_MAX_LENGTH}
          style={{ flex: 1 }}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={`Remove "${reason.name}"`}
          title={`Remove "${reason.name}"`}
          loading={changes.remove.isPending && changes.remove.variables === reason._id}
          onClick={() => changes.remove.mutate(reason._id, { onError: showError })}
        >
          <IconTrash size={16} stroke={1.75} />
        </ActionIcon>
      </Group>
    </form>
  );
}

/** Leasing team → Pipeline: the reasons staff choose from when they mark a lead lost. */
export function LostReasonsSettings() {
  const reasons = useLostReasons();
  const changes = useChangeLostReasons();
  const [newName, setNewName] = useState('');

  function handleAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = newName.trim();
    if (!name) return;
    changes.add.mutate(name, { onSuccess: () => setNewName(''), onError: showError });
  }

  return (
    <Paper withBorder radius="md" p="md" maw={560}>
      <Stack gap="sm">
        <div>
          <Text fw={600}>Lost reasons</Text>
          <Text size="sm" c="dimmed">
            Offered when someone marks a lead lost. Leads keep the reason they were lost for, even
            once it is removed here. &ldquo;Other&rdquo; asks for a note.
          </Text>
        </div>
        {reasons.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" role="status" aria-label="Loading reasons" />
          </Group>
        ) : reasons.isError ? (
          <ErrorState
            title="Could not load the reasons"
            message={reasons.error.message}
            onRetry={() => void reasons.refetch()}
          />
        ) : (
          <Stack gap={6} role="list" aria-label="Lost reasons">
            {reasons.data.items.length === 0 && (
              <Text size="sm" c="dimmed">
                No reasons yet: staff cannot mark leads lost until you add one.
              </Text>
            )}
            {reasons.data.items.map((reason) => (
              <div role="listitem" key={reason._id}>
                <ReasonRow key={reason.name} reason={reason} changes={changes} />
              </div>
            ))}
          </Stack>
        )}
        <form onSubmit={handleAdd}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label="New reason"
              placeholder="e.g. Pet policy"
              value={newName}
              onChange={(event) => setNewName(event.currentTarget.value)}
              maxLength={LOST_REASON_MAX_LENGTH}
              style={{ flex: 1 }}
            />
            <Button
              type="submit"
              leftSection={<IconPlus size={16} />}
              loading={changes.add.isPending}
              disabled={!newName.trim()}
              title={newName.trim() ? undefined : 'Type a reason first'}
            >
              Add
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
