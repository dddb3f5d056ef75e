import { LEAD_SOURCE_NAME_MAX_LENGTH } from '@leasing/contract';
import type { LeadSource } from '@leasing/contract';
import { Button, Group, Loader, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowMerge, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ErrorState } from '../../../components/ui/error-state';
import { RowActions } from '../../../components/ui/row-actions';
import { StackedTable } from '../../../components/ui/stacked-table';
import { useChangeLeadSources } from '../api/change-lead-sources';
import { useLeadSources } from '../api/get-lead-sources';
import { MergeLeadSourceDialog } from './merge-lead-source-dialog';

type Changes = ReturnType<typeof useChangeLeadSources>;

const COLUMNS = { name: 'Source', leads: 'Leads', numbers: 'Numbers' } as const;

function showError(error: Error) {
  notifications.show({ color: 'red', message: error.message });
}

type SourceRowProps = {
  source: LeadSource;
  changes: Changes;
  /** Merging needs another source to merge into. */
  canMerge: boolean;
  onMerge: (source: LeadSource) => void;
};

/** One source: its name edited in place (saved on Enter or leaving the field), its counts, Merge. */
function SourceRow({ source, changes, canMerge, onMerge }: SourceRowProps) {
  const [name, setName] = useState(source.name);
  const trimmed = name.trim();

  function handleSave() {
    if (!trimmed || trimmed === source.name) {
      setName(source.name);
      return;
    }
    changes.rename.mutate(
      { sourceId: source._id, name: trimmed },
      {
        onError: (error) => {
          setName(source.name);
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
    <Table.Tr>
      <Table.Td data-label={COLUMNS.name}>
        <form onSubmit={handleSubmit}>
          <TextInput
            size="sm"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            onBlur={handleSave}
            aria-label={`Rename "${source.name}"`}
            maxLength={LEAD_SOURCE_NAME_MAX_LENGTH}
            miw={160}
          />
        </form>
      </Table.Td>
      <Table.Td data-label={COLUMNS.leads}>
        <Text size="sm">{source.leadCount}</Text>
      </Table.Td>
      <Table.Td data-label={COLUMNS.numbers}>
        <Text size="sm">{source.numberCount}</Text>
      </Table.Td>
      <RowActions>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowMerge size={14} aria-hidden />}
          // The visible words stay whole in the name (WCAG 2.5.3), after the row they act on.
          aria-label={`${source.name}: Merge into…`}
          disabled={!canMerge}
          onClick={() => onMerge(source)}
        >
          Merge into…
        </Button>
      </RowActions>
    </Table.Tr>
  );
}

/**
 * Settings → Sources: where the company's leads come from. Staff choose one in the lead pane;
 * numbers give theirs to the new leads that text them; the integration API names them.
 */
export function LeadSourcesSettings() {
  const sources = useLeadSources();
  const changes = useChangeLeadSources();
  const [newName, setNewName] = useState('');
  const [merging, setMerging] = useState<LeadSource | null>(null);

  function handleAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = newName.trim();
    if (!name) return;
    changes.add.mutate(name, {
      onSuccess: (added) => {
        setNewName('');
        notifications.show({ color: 'teal', message: `${added.name} was added.` });
      },
    });
  }

  function handleNewNameChange(value: string) {
    setNewName(value);
    // The refusal was about the name typed before.
    if (changes.add.isError) changes.add.reset();
  }

  const items = sources.data?.items ?? [];

  return (
    <Stack gap="md">
      {sources.isPending ? (
        <Paper withBorder radius="md">
          <Group justify="center" p="md">
            <Loader size="sm" role="status" aria-label="Loading sources" />
          </Group>
        </Paper>
      ) : sources.isError ? (
        <Paper withBorder radius="md">
          <ErrorState
            title="Could not load the sources"
            message={sources.error.message}
            onRetry={() => void sources.refetch()}
          />
        </Paper>
      ) : items.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed">
            No sources yet: add where your leads come from, e.g. Zillow or your website.
          </Text>
        </Paper>
      ) : (
        <StackedTable label="Sources" columns={Object.values(COLUMNS)} withActions>
          {items.map((source) => (
            <SourceRow
              // A new name (a rename elsewhere) starts the field afresh.
              key={`${source._id}|${source.name}`}
              source={source}
              changes={changes}
              canMerge={items.length > 1}
              onMerge={setMerging}
            />
          ))}
        </StackedTable>
      )}
      <Paper withBorder radius="md" p="md">
        <form onSubmit={handleAdd} aria-label="New source">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              label="New source"
              placeholder="e.g. Craigslist"
              value={newName}
              onChange={(event) => handleNewNameChange(event.currentTarget.value)}
              maxLength={LEAD_SOURCE_NAME_MAX_LENGTH}
              error={changes.add.error?.message}
              style={{ flex: 1 }}
            />
            <Button
              type="submit"
              mt={25}
              leftSection={<IconPlus size={16} />}
              loading={changes.add.isPending}
              disabled={!newName.trim()}
              title={newName.trim() ? undefined : 'Type a source first'}
            >
              Add
            </Button>
          </Group>
        </form>
      </Paper>
      {merging && (
        <MergeLeadSourceDialog
          key={merging._id}
          source={merging}
          sources={items}
          merge={changes.merge}
          onClose={() => setMerging(null)}
        />
      )}
    </Stack>
  );
}
