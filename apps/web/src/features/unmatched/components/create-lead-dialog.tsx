import type { Property, UnmatchedMessage } from '@leasing/contract';
import { Alert, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { DialogSubmitRow } from '../../../components/ui/dialog-submit-row';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { formatPhone } from '../../../lib/format-phone';
import { useCreateLeadFromUnmatched } from '../api/create-lead-from-unmatched';

export type CreateLeadDialogProps = {
  message: UnmatchedMessage;
  properties: Property[];
  opened: boolean;
  onClose: () => void;
};

/** 'Create lead': the sender becomes a lead of the chosen property, with this message on it. */
export function CreateLeadDialog({ message, properties, opened, onClose }: CreateLeadDialogProps) {
  const create = useCreateLeadFromUnmatched(message._id);
  const fieldErrors = toServerFieldErrors(create.error);
  const onlyProperty = properties.length === 1 ? properties[0]!._id : null;
  const [propertyId, setPropertyId] = useState<string | null>(onlyProperty);
  const [name, setName] = useState('');
  const disabledReason =
    name.trim() === '' ? 'Enter a name' : propertyId === null ? 'Choose a property' : null;
  const isText = message.channel === 'SMS';

  function handleClose() {
    setPropertyId(onlyProperty);
    setName('');
    create.reset();
    onClose();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabledReason || !propertyId) return;
    create.mutate({ propertyId, name: name.trim() }, { onSuccess: handleClose });
  }

  const otherError =
    create.error && Object.keys(fieldErrors).length === 0 ? create.error.message : null;

  return (
    <Modal opened={opened} onClose={handleClose} title="Create lead" centered size="sm">
      <form onSubmit={handleSubmit}>
        <Stack gap="sm">
          <Text size="sm">
            {isText ? 'Phone' : 'Email'}:{' '}
            <Text span fw={600}>
              {isText ? formatPhone(message.from) : message.from}
            </Text>
          </Text>
          <TextInput
            label="Name"
            placeholder="The prospect's name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldErrors.name}
            required
            data-autofocus
            autoComplete="off"
          />
          <Select
            label="Property"
            placeholder="Which property did they ask about?"
            data={properties.map((property) => ({ value: property._id, label: property.name }))}
            value={propertyId}
            onChange={setPropertyId}
            error={fieldErrors.propertyId}
            required
            searchable
            comboboxProps={{ withinPortal: true, zIndex: 1100 }}
          />
          {otherError && (
            <Alert color="red" title="No lead created">
              {otherError}
            </Alert>
          )}
          <DialogSubmitRow
            submitLabel="Create lead"
            isSubmitting={create.isPending}
            disabledReason={disabledReason}
            onCancel={handleClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
