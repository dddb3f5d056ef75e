import type { MessageTemplate } from '@leasing/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useDeleteTemplate } from '../api/delete-template';

export type DeleteTemplateDialogProps = {
  template: MessageTemplate;
  onClose: () => void;
};

/** Deleting a template is confirmed first; messages sent from it stay as they were. */
export function DeleteTemplateDialog({ template, onClose }: DeleteTemplateDialogProps) {
  const remove = useDeleteTemplate();

  return (
    <Modal opened onClose={onClose} title="Delete template?" size="md" centered>
      <Stack gap="md">
        <Text size="sm">
          <b>{template.name}</b> will no longer be offered in the composer. Messages already sent
          from it stay as they were.
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
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(template._id, { onSuccess: onClose })}
          >
            Delete template
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
