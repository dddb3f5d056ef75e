import { addNumberRequestSchema } from '@leasing/contract';
import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { DialogSubmitRow } from '../../../components/ui/dialog-submit-row';
import { ApiRequestError } from '../../../lib/api-client';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { formatPhone } from '../../../lib/format-phone';
import { useAddNumber } from '../api/add-number';

/** 'enter a phone number like …' → 'Enter a phone number like ….' */
function sentence(text: string): string {
  const trimmed = text.trim();
  const capitalized = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}

/**
 * The server's word on the number field. A `VALIDATION` detail is the problem after the field's
 * name ('enter a phone number like …'); `NUMBER_UNAVAILABLE` (taken, held or not the deployment's)
 * or `NUMBER_LIMIT` (the daily limit) names the field in its details and says the whole sentence
 * in its message.
 */
function serverNumberError(error: unknown): string | undefined {
  const detail = toServerFieldErrors(error).number;
  if (detail === undefined || !(error instanceof ApiRequestError)) return undefined;
  return error.code === 'VALIDATION' ? sentence(detail) : error.message;
}

export type AddNumberDialogProps = {
  opened: boolean;
  onClose: () => void;
};

/** Registers one SMS number to the company. */
export function AddNumberDialog({ opened, onClose }: AddNumberDialogProps) {
  const [number, setNumber] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const addNumber = useAddNumber();
  const serverError = serverNumberError(addNumber.error);
  const numberError = inputError ?? serverError;

  function handleChange(value: string) {
    setNumber(value);
    // A message about what was typed before no longer holds.
    setInputError(null);
    if (addNumber.isError) addNumber.reset();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (addNumber.isPending) return;
    const request = addNumberRequestSchema.safeParse({ number });
    if (!request.success) {
      setInputError(request.error.issues[0]?.message ?? 'Enter a phone number');
      return;
    }
    addNumber.mutate(request.data, {
      onSuccess: (added) => {
        notifications.show({ color: 'teal', message: `${formatPhone(added.number)} was added.` });
        handleClose();
      },
    });
  }

  function handleClose() {
    addNumber.reset();
    setNumber('');
    setInputError(null);
    onClose();
  }

  return (
    <Modal opened={opened} onClose={handleClose} title="Add number" size="md" centered>
      <form onSubmit={handleSubmit} aria-label="New number" noValidate>
        <Stack gap="md">
          <TextInput
            label="Phone number"
            description="The SMS number from your texting provider, with its country code. Texts to it will reach this company only."
            placeholder="+1 512 555 0100"
            type="tel"
            autoComplete="off"
            value={number}
            onChange={(event) => handleChange(event.currentTarget.value)}
            error={numberError}
            data-autofocus
          />
          {addNumber.isError && serverError === undefined && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {addNumber.error.message}
            </Alert>
          )}
          <DialogSubmitRow
            submitLabel="Add number"
            submitIcon={<IconPlus size={16} />}
            isSubmitting={addNumber.isPending}
            onCancel={handleClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
