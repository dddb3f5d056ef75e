import type { Lead } from '@leasing/contract';
import { Divider, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useNotes } from '../api/get-notes';
import { NoteForm } from './note-form';
import { NoteItem } from './note-item';

type NotesDialogLead = Pick<
  Lead,
  '_id' | 'companyID' | 'propertyID' | 'pmsLeadId' | 'name' | 'notes'
>;

export type NotesDialogProps = {
  lead: NotesDialogLead;
  opened: boolean;
  onClose: () => void;
};

function NoteList({ lead }: { lead: NotesDialogLead }) {
  const notesQuery = useNotes(lead._id, lead.notes);
  const notes = notesQuery.data ?? [];
  if (notes.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        No notes yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Notes">
      {notes.map((note, index) => (
        <Fragment key={note._id}>
          {index > 0 && <Divider component="li" aria-hidden />}
          <li>
            <NoteItem note={note} />
          </li>
        </Fragment>
      ))}
    </Stack>
  );
}

/** Every note of the lead, newest first, and a box to add one. */
export function NotesDialog({ lead, opened, onClose }: NotesDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Notes · ${lead.name}`}
      size="lg"
      centered
      scrollAreaComponent={ScrollArea.Autosize}
      styles={{ title: { fontWeight: 650 } }}
    >
      <Stack gap="lg">
        <NoteForm lead={lead} minRows={2} autoFocus save="button" />
        <NoteList lead={lead} />
      </Stack>
    </Modal>
  );
}
