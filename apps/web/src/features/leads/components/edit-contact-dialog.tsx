import type { Lead, UpdateLeadDetailsRequest } from '@leasing/contract';
import { Alert, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { DialogSubmitRow } from '../../../components/ui/dialog-submit-row';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { formatPhone } from '../../../lib/format-phone';
import { useUpdateLeadDetails } from '../api/update-lead-details';

export type EditContactDialogProps = {
  lead: Pick<
    Lead,
    '_id' | 'propertyID' | 'pmsLeadId' | 'name' | 'phone' | 'email' | 'phoneOptStatus'
  >;
  opened: boolean;
  onClose: () => void;
};

/** Only what the person changed goes to the server; an emptied phone or email is cleared. */
function changesOf(
  lead: EditContactDialogProps['lead'],
  values: { name: string; phone: string; email: string },
): UpdateLeadDetailsRequest {
  const name = values.name.trim();
  const phone = values.phone.trim();
  const email = values.email.trim();
  const shownPhone = lead.phone ? formatPhone(lead.phone) : '';
  return {
    ...(name !== lead.name ? { name } : {}),
    ...(phone !== shownPhone ? { phone: phone || null } : {}),
    ...(email !== (lead.email ?? '') ? { email: email || null } : {}),
  };
}

/** 'Edit contact details': name, phone and email, validated by the server. */
export function EditContactDialog({ lead, opened, onClose }: EditContactDialogProps) {
  const update = useUpdateLeadDetails(lead);
  const fieldErrors = toServerFieldErrors(update.error);
  const initial = {
    name: lead.name,
    phone: lead.phone ? formatPhone(lead.phone) : '',
    email: lead.email ?? '',
  };
  const [values, setValues] = useState(initial);
  const changes = changesOf(lead, values);
  const hasChanges = Object.keys(changes).length > 0;
  const nameMissing = values.name.trim() === '';
  const disabledReason = nameMissing
    ? 'Enter a name'
    : !hasChanges
      ? 'Nothing has changed yet'
      : null;
  const phoneChanged = 'phone' in changes && lead.phoneOptStatus === 'OPT_OUT';

  function handleClose() {
    setValues(initial);
    update.reset();
    onClose();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabledReason) return;
    update.mutate(changes, { onSuccess: handleClose });
  }

  const otherError =
    update.error && Object.keys(fieldErrors).length === 0 ? update.error.message : null;

  return (
    <Modal opened={opened} onClose={handleClose} title="Edit contact details" centered size="sm">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            value={values.name}
            onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
            error={fieldErrors.name ?? (nameMissing ? 'Enter a name' : null)}
            required
            data-autofocus
            autoComplete="off"
          />
          <TextInput
            label="Phone"
            type="tel"
            placeholder="(512) 555-0100"
            value={values.phone}
            onChange={(event) => setValues({ ...values, phone: event.currentTarget.value })}
            error={fieldErrors.phone}
            description="US numbers as you say them; others with + and the country code"
            autoComplete="off"
          />
          {phoneChanged && (
            <Text size="xs" c="dimmed">
              Texts were off for the old number; the new number starts without consent.
            </Text>
          )}
          <TextInput
            label="Email"
            type="email"
            placeholder="name@example.com"
            value={values.email}
            onChange={(event) => setValues({ ...values, email: event.currentTarget.value })}
            error={fieldErrors.email}
            autoComplete="off"
          />
          {otherError && (
            <Alert color="red" title="Not saved">
              {otherError}
            </Alert>
          )}
          <DialogSubmitRow
            submitLabel="Save"
            isSubmitting={update.isPending}
            disabledReason={disabledReason}
            onCancel={handleClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
