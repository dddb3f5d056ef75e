import type { ConversationEvent, ScheduleUpdate } from '@leasing/contract';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { SendTimeFields } from '../../../components/ui/send-time-fields';
import { parseLocalDateTime, toLocalDateTimeValue } from '../../../lib/zoned-time';

export type EditScheduledDialogProps = {
  event: ConversationEvent;
  leadZone: string;
  opened: boolean;
  isSaving: boolean;
  onClose: () => void;
  onSave: (change: ScheduleUpdate) => void;
};

/** 'Edit' of a scheduled message: its words (and subject), its time, and the keep switch. */
export function EditScheduledDialog({
  event,
  leadZone,
  opened,
  isSaving,
  onClose,
  onSave,
}: EditScheduledDialogProps) {
  const isEmail = event.eventType === 'EMAIL';
  const [text, setText] = useState(event.body ?? '');
  const [subject, setSubject] = useState(event.subject ?? '');
  const [when, setWhen] = useState(() =>
    toLocalDateTimeValue(new Date(event.scheduledAt ?? Date.now()), leadZone),
  );
  const [keep, setKeep] = useState(event.data.keepIfLeadReplies === true);
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(submitted: FormEvent) {
    submitted.preventDefault();
    const sendAt = parseLocalDateTime(when, leadZone);
    if (!sendAt) return setError('Pick a date and time');
    if (sendAt.getTime() <= Date.now()) return setError('Pick a time in the future');
    setError(null);
    onSave({
      text: text.trim(),
      ...(isEmail ? { subject: subject.trim() } : {}),
      sendAt: sendAt.toISOString(),
      keepIfLeadReplies: keep,
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Edit scheduled message">
      <form onSubmit={handleSubmit}>
        <Stack gap="sm">
          {isEmail && (
            <TextInput
              label="Subject"
              value={subject}
              required
              onChange={(change) => setSubject(change.currentTarget.value)}
            />
          )}
          <Textarea
            label="Message"
            value={text}
            required
            autosize
            minRows={2}
            maxRows={8}
            onChange={(change) => setText(change.currentTarget.value)}
          />
          <SendTimeFields
            leadZone={leadZone}
            value={when}
            onChange={setWhen}
            error={error}
            keepIfLeadReplies={keep}
            onKeepIfLeadRepliesChange={setKeep}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving} disabled={text.trim() === ''}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
