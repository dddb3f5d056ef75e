import { OTHER_LOST_REASON, STATUS_NOTE_MAX_LENGTH } from '@leasing/contract';
import type { Lead } from '@leasing/contract';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { useLostReasons } from '../api/get-lost-reasons';
import { useSetLeadStatus } from '../api/set-lead-status';

export type MarkLostDialogProps = {
  lead: Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId'>;
  opened: boolean;
  onClose: () => void;
};

/** 'Mark lost': a reason from the company's list and a note (needed with the reason 'Other'). */
export function MarkLostDialog({ lead, opened, onClose }: MarkLostDialogProps) {
  const reasons = useLostReasons(opened);
  const setStatus = useSetLeadStatus(lead);
  const fieldErrors = toServerFieldErrors(setStatus.error);
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const needsNote = reason === OTHER_LOST_REASON;
  const canSubmit = reason !== null && (!needsNote || note.trim() !== '');
  const disabledReason = reason === null ? 'Choose a reason first' : 'Add a note for "Other"';

  function handleClose() {
    setReason(null);
    setNote('');
    setStatus.reset();
    onClose();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setStatus.mutate(
      { status: 'LOST', lostReason: reason, ...(note.trim() ? { note: note.trim() } : {}) },
      { onSuccess: handleClose },
    );
  }

  const otherError =
    setStatus.error && !fieldErrors.lostReason && !fieldErrors.note
      ? setStatus.error.message
      : null;

  return (
    <Modal opened={opened} onClose={handleClose} title="Mark lost" centered size="sm">
      <form onSubmit={handleSubmit}>
        <Stack gap="sm">
          {reasons.isPending ? (
            <Group justify="center" p="md">
              <Loader size="sm" role="status" aria-label="Loading reasons" />
            </Group>
          ) : reasons.isError ? (
            <Alert color="red" title="Could not load the reasons">
              {reasons.error.message}
              <Button variant="subtle" size="xs" ml="xs" onClick={() => void reasons.refetch()}>
                Retry
              </Button>
            </Alert>
          ) : (
            <Select
              label="Reason"
              placeholder="Why was the lead lost?"
              data={reasons.data.items.map((item) => item.name)}
              value={reason}
              onChange={setReason}
              error={fieldErrors.lostReason}
              required
              data-autofocus
              comboboxProps={{ withinPortal: true, zIndex: 1100 }}
              nothingFoundMessage="No reasons: a manager or an admin adds them under Leasing team → Pipeline"
            />
          )}
          <Textarea
            label="Note"
            description={needsNote ? 'Required with "Other"' : 'Optional'}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            maxLength={STATUS_NOTE_MAX_LENGTH}
            autosize
            minRows={2}
            required={needsNote}
            error={fieldErrors.note}
          />
          {otherError && <Alert color="red">{otherError}</Alert>}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              color="red"
              loading={setStatus.isPending}
              disabled={!canSubmit}
              title={canSubmit ? undefined : disabledReason}
            >
              Mark lost
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
