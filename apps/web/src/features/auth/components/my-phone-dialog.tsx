import { updateMeRequestSchema } from '@leasing/contract';
import { Alert, Button, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { DialogSubmitRow } from '../../../components/ui/dialog-submit-row';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { useUser } from '../api/get-user';
import { useUpdateMyPhone } from '../api/update-my-phone';
import { toE164 } from '../utils/to-e164';

const PHONE_HINT = '+15125550100';
const NOT_A_PHONE = `Enter the number with its country code, like ${PHONE_HINT}`;

export type MyPhoneDialogProps = {
  opened: boolean;
  onClose: () => void;
};

/** 'Your phone number': the phone click-to-call rings first, set, changed or removed. */
export function MyPhoneDialog({ opened, onClose }: MyPhoneDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Your phone number" centered size="sm">
      {/* Mounted while open only: each opening starts from the phone saved. */}
      <MyPhoneForm onClose={onClose} />
    </Modal>
  );
}

type MyPhoneFormProps = { onClose: () => void };

function MyPhoneForm({ onClose }: MyPhoneFormProps) {
  const saved = useUser().data?.phone ?? null;
  const update = useUpdateMyPhone();
  const [typed, setTyped] = useState(saved ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const phone = toE164(typed);
  const disabledReason =
    phone === '' ? 'Enter your phone number' : phone === saved ? 'Nothing has changed yet' : null;
  const fieldError = problem ?? toServerFieldErrors(update.error).phone ?? null;
  const otherError = update.error && fieldError === null ? update.error.message : null;
  const isRemoving = update.isPending && update.variables?.phone === null;

  function handleChange(value: string) {
    setTyped(value);
    setProblem(null);
    update.reset();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabledReason || update.isPending) return;
    if (!updateMeRequestSchema.shape.phone.safeParse(phone).success) {
      setProblem(NOT_A_PHONE);
      return;
    }
    update.mutate(
      { phone },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'Phone number saved' });
          onClose();
        },
      },
    );
  }

  function handleRemove() {
    update.mutate(
      { phone: null },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'Phone number removed' });
          onClose();
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Phone number"
          type="tel"
          description={`'Call' rings this phone first, then connects you to the lead. Like ${PHONE_HINT}; a US number may be typed as you say it.`}
          placeholder={PHONE_HINT}
          value={typed}
          onChange={(event) => handleChange(event.currentTarget.value)}
          error={fieldError}
          autoComplete="tel"
          data-autofocus
        />
        {otherError && (
          <Alert color="red" title="Not saved">
            {otherError}
          </Alert>
        )}
        <DialogSubmitRow
          submitLabel="Save"
          isSubmitting={update.isPending && !isRemoving}
          disabledReason={disabledReason}
          onCancel={onClose}
          leading={
            saved && (
              <Button
                variant="subtle"
                color="red"
                loading={isRemoving}
                disabled={update.isPending && !isRemoving}
                onClick={handleRemove}
              >
                Remove
              </Button>
            )
          }
        />
      </Stack>
    </form>
  );
}
