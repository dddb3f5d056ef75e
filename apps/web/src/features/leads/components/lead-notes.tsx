import type { Lead } from '@leasing/contract';
import { Button, Paper, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconNotes } from '@tabler/icons-react';
import { NoteForm } from './note-form';
import { NoteItem } from './note-item';
import { NotesDialog } from './notes-dialog';

export type LeadNotesProps = {
  lead: Lead;
  /** Fewer lines, for the expanded pane's one-row info. */
  isCompact?: boolean;
};

/** No notes: the 'Add notes' box. Otherwise the latest note and the way to all of them. */
export function LeadNotes({ lead, isCompact = false }: LeadNotesProps) {
  const [isDialogOpen, dialog] = useDisclosure(false);
  const [latest] = lead.notes;

  if (!latest) return <NoteForm lead={lead} minRows={isCompact ? 1 : 3} />;

  return (
    <Stack gap="xs" align="flex-start">
      <Paper withBorder radius="md" p={isCompact ? 'xs' : 'sm'} bg="gray.0" w="100%">
        <NoteItem note={latest} lineClamp={isCompact ? 2 : 4} />
      </Paper>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconNotes size={14} stroke={1.75} />}
        onClick={dialog.open}
      >
        All notes ({lead.notes.length})
      </Button>
      <NotesDialog lead={lead} opened={isDialogOpen} onClose={dialog.close} />
    </Stack>
  );
}
