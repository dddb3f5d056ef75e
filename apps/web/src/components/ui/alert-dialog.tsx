import { Button, Group, Modal, Text } from '@mantine/core';

export type AlertDialogProps = {
  opened: boolean;
  title: string;
  message: string;
  /** The one button, which closes the alert. */
  buttonLabel: string;
  onClose: () => void;
};

/** A message the user must acknowledge, e.g. the 'Oops' alert of a failed save. */
export function AlertDialog({ opened, title, message, buttonLabel, onClose }: AlertDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="sm"
      zIndex={1000}
      withCloseButton={false}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {message}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          {buttonLabel}
        </Button>
      </Group>
    </Modal>
  );
}
