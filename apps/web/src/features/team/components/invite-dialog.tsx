import type { StaffRole } from '@leasing/contract';
import { inviteTeammateRequestSchema, staffRoleLabels } from '@leasing/contract';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { useInviteTeammate } from '../api/invite-teammate';

type Fields = { name: string; email: string; role: StaffRole };
type FieldErrors = Partial<Record<keyof Fields, string>>;

const EMPTY: Fields = { name: '', email: '', role: 'agent' };
// Least access first: a new teammate is an agent unless chosen otherwise.
const ROLE_OPTIONS = (['agent', 'manager', 'admin'] as const).map((role) => ({
  value: role,
  label: staffRoleLabels[role],
}));

/** 'already has an account' → 'Already has an account.' */
function sentence(text: string): string {
  const capitalized = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}

export type InviteDialogProps = { opened: boolean; onClose: () => void };

/** 'Invite teammate': the server emails them a link to choose a password. */
export function InviteDialog({ opened, onClose }: InviteDialogProps) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [inputErrors, setInputErrors] = useState<FieldErrors>({});
  const invite = useInviteTeammate();
  const serverErrors = toServerFieldErrors(invite.error);
  const errorOf = (field: keyof Fields) =>
    inputErrors[field] ?? (serverErrors[field] ? sentence(serverErrors[field]) : undefined);
  const hasFieldError = Object.keys(serverErrors).length > 0;

  function handleChange<K extends keyof Fields>(field: K, value: Fields[K]) {
    setFields((current) => ({ ...current, [field]: value }));
    setInputErrors((current) => ({ ...current, [field]: undefined }));
    if (invite.isError) invite.reset();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (invite.isPending) return;
    const request = inviteTeammateRequestSchema.safeParse(fields);
    if (!request.success) {
      const errors: FieldErrors = {};
      for (const issue of request.error.issues) {
        const field = issue.path[0] as keyof Fields;
        errors[field] ??= issue.message;
      }
      setInputErrors(errors);
      return;
    }
    invite.mutate(request.data, {
      onSuccess: (invited) => {
        notifications.show({
          color: 'teal',
          message: `The invite email went out to ${invited.email}.`,
        });
        handleClose();
      },
    });
  }

  function handleClose() {
    invite.reset();
    setFields(EMPTY);
    setInputErrors({});
    onClose();
  }

  return (
    <Modal opened={opened} onClose={handleClose} title="Invite teammate" size="md" centered>
      <form onSubmit={handleSubmit} aria-label="Invite teammate" noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            autoComplete="off"
            value={fields.name}
            onChange={(event) => handleChange('name', event.currentTarget.value)}
            error={errorOf('name')}
            data-autofocus
          />
          <TextInput
            label="Email"
            description="We email them a link to choose their password. It works for 7 days."
            type="email"
            autoComplete="off"
            value={fields.email}
            onChange={(event) => handleChange('email', event.currentTarget.value)}
            error={errorOf('email')}
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={fields.role}
            allowDeselect={false}
            onChange={(value) => value && handleChange('role', value as StaffRole)}
            comboboxProps={{ withinPortal: true }}
          />
          {invite.isError && !hasFieldError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {invite.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
            <Button type="submit" leftSection={<IconSend size={16} />} loading={invite.isPending}>
              Send invite
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
