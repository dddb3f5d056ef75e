import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type ConfirmDeleteDialogProps = {
  /** 'Delete template?' */
  title: string;
  /** What deleting does, in a sentence or two. */
  children: ReactNode;
  /** The red button's words: 'Delete template'. */
  confirmLabel: string;
  isPending: boolean;
  /** The server's refusal, shown above the buttons. */
  error: Error | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** A deletion asked once more: what it does, Cancel (focused) and a red confirm button. */
export function ConfirmDeleteDialog({
  title,
  children,
  confirmLabel,
  isPending,
  error,
  onConfirm,
  onClose,
}: ConfirmDeleteDialogProps) {
  return (
    <Modal opened onClose={onClose} title={title} size="md" centered>
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
