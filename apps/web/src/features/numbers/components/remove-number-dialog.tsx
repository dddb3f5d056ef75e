import type { CompanyNumber } from '@leasing/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatPhone } from '../../../lib/format-phone';
import { useRemoveNumber } from '../api/remove-number';

export type RemoveNumberDialogProps = {
  number: CompanyNumber;
  onClose: () => void;
};

/** Texts to a removed number stop reaching the company at once: it is confirmed first. */
export function RemoveNumberDialog({ number, onClose }: RemoveNumberDialogProps) {
  const remove = useRemoveNumber();

  function handleRemove() {
    remove.mutate(number._id, { onSuccess: onClose });
  }

  return (
    <Modal opened onClose={onClose} title="Remove number?" size="md" centered>
      <Stack gap="md">
        <Text size="sm">
          Texts to <b>{formatPhone(number.number)}</b> will no longer reach your company. You can
          add it again later if no other company has taken it.
        </Text>
        {remove.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {remove.error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={handleRemove} loading={remove.isPending}>
            Remove number
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
