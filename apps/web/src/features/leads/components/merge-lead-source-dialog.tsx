import type { LeadSource } from '@leasing/contract';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { useChangeLeadSources } from '../api/change-lead-sources';

/** '1 lead', '3 numbers', 'no leads'. */
function countOf(count: number, word: string): string {
  if (count === 0) return `no ${word}s`;
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** What a merge moves, in a sentence: '3 leads and 1 number move to Zillow.' */
export function mergeSummary(source: LeadSource, into: LeadSource): string {
  return `${countOf(source.leadCount, 'lead')} and ${countOf(source.numberCount, 'number')} move to ${into.name}; "${source.name}" is then removed.`;
}

export type MergeLeadSourceDialogProps = {
  source: LeadSource;
  /** The company's sources; the others are offered to merge into. */
  sources: LeadSource[];
  merge: ReturnType<typeof useChangeLeadSources>['merge'];
  onClose: () => void;
};

/**
 * 'Merge into…': the source's leads and numbers move to the chosen one and the source goes. Says
 * how many move before anything does; the merge cannot be undone.
 */
export function MergeLeadSourceDialog({
  source,
  sources,
  merge,
  onClose,
}: MergeLeadSourceDialogProps) {
  const [intoId, setIntoId] = useState<string | null>(null);
  const others = sources.filter((other) => other._id !== source._id);
  const into = others.find((other) => other._id === intoId);

  function handleClose() {
    merge.reset();
    onClose();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!into || merge.isPending) return;
    merge.mutate(
      { sourceId: source._id, intoSourceId: into._id },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: `"${source.name}" was merged into ${into.name}.`,
          });
          handleClose();
        },
      },
    );
  }

  return (
    <Modal opened onClose={handleClose} title={`Merge "${source.name}"`} size="md" centered>
      <form onSubmit={handleSubmit} aria-label={`Merge "${source.name}"`}>
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Its leads and numbers move to the source you choose, and &ldquo;{source.name}&rdquo; is
            removed from the list. This cannot be undone.
          </Text>
          <Select
            label="Merge into"
            placeholder="Choose a source"
            data={others.map((other) => ({ value: other._id, label: other.name }))}
            value={intoId}
            onChange={setIntoId}
            searchable
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <Text size="sm" fw={500} aria-live="polite" mih={20}>
            {into ? mergeSummary(source, into) : ''}
          </Text>
          {merge.error && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {merge.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              color="red"
              loading={merge.isPending}
              disabled={!into}
              title={into ? undefined : 'Choose a source to merge into first'}
            >
              Merge
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
