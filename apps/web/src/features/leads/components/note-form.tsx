import { NOTE_MAX_LENGTH } from '@leasing/contract';
import type { Lead } from '@leasing/contract';
import { ActionIcon, Button, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { isValidNoteText, useAddNote } from '../api/add-note';

/** The counter appears once a note gets this close to the limit. */
const COUNTER_FROM_LENGTH = NOTE_MAX_LENGTH - 500;
const maxLengthText = NOTE_MAX_LENGTH.toLocaleString('en-US');

export type NoteFormProps = {
  lead: Pick<Lead, '_id' | 'companyID' | 'propertyID' | 'pmsLeadId'>;
  minRows?: number;
  autoFocus?: boolean;
  /**
   * `icon`: the pane's save icon (the spec's); `button`: a labelled 'Save note' button under the
   * box, where there is room for one (the notes dialog).
   */
  save?: 'icon' | 'button';
};

/** The 'Add notes' box: saves with its button or Ctrl/⌘+Enter; keeps the draft on failure. */
export function NoteForm({ lead, minRows = 3, autoFocus = false, save = 'icon' }: NoteFormProps) {
  const [draft, setDraft] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const addNote = useAddNote(lead);

  const isValid = isValidNoteText(draft);
  const isTooLong = draft.trim().length > NOTE_MAX_LENGTH;

  function saveNote() {
    if (!isValid || addNote.isPending) return;
    addNote.mutate(draft, {
      onSuccess: () => setDraft(''),
      onError: (error) => setFailure(error.message),
    });
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    saveNote();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      saveNote();
    }
  }

  function handleCloseFailure() {
    setFailure(null);
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap={4}>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Textarea
            aria-label="Add notes"
            placeholder="Add notes"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={handleKeyDown}
            autosize
            minRows={minRows}
            maxRows={8}
            style={{ flex: 1 }}
            error={isTooLong}
            data-autofocus={autoFocus || undefined}
          />
          {save === 'icon' && (
            <Tooltip label="Save note" withArrow>
              <ActionIcon
                type="submit"
                size="lg"
                variant="filled"
                aria-label="Save note"
                disabled={!isValid}
                loading={addNote.isPending}
              >
                <IconDeviceFloppy size={18} stroke={1.75} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        {save === 'button' && (
          <Group justify="flex-end">
            <Button
              type="submit"
              size="xs"
              leftSection={<IconDeviceFloppy size={16} stroke={1.75} aria-hidden />}
              disabled={!isValid}
              loading={addNote.isPending}
            >
              Save note
            </Button>
          </Group>
        )}
        {draft.length >= COUNTER_FROM_LENGTH && (
          <Text size="xs" c={isTooLong ? 'red' : 'dimmed'} ta="right" aria-live="polite">
            {isTooLong
              ? `A note can be at most ${maxLengthText} characters (${draft.trim().length.toLocaleString('en-US')} / ${maxLengthText})`
              : `${draft.length.toLocaleString('en-US')} / ${maxLengthText}`}
          </Text>
        )}
      </Stack>
      <AlertDialog
        opened={failure !== null}
        title="Oops"
        message={failure ?? ''}
        buttonLabel="Close"
        onClose={handleCloseFailure}
      />
    </form>
  );
}
