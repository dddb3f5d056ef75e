import type { Note } from '@leasing/contract';
import { Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format-date';

export type NoteItemProps = {
  note: Note;
  /** Shortens a long note to a few lines. */
  lineClamp?: number;
};

export function NoteItem({ note, lineClamp }: NoteItemProps) {
  return (
    <Stack gap={4}>
      <Text
        size="sm"
        lineClamp={lineClamp}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {note.text}
      </Text>
      <Text size="xs" c="dimmed">
        {note.createdByUserName} · {formatDateTime(note.createdAt)}
        {note.modifiedByUserName && ` · edited by ${note.modifiedByUserName}`}
      </Text>
    </Stack>
  );
}
