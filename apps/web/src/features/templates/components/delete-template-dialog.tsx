import type { MessageTemplate } from '@leasing/contract';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { useDeleteTemplate } from '../api/delete-template';

export type DeleteTemplateDialogProps = {
  template: MessageTemplate;
  onClose: () => void;
};

/** Deleting a template is confirmed first; messages sent from it stay as they were. */
export function DeleteTemplateDialog({ template, onClose }: DeleteTemplateDialogProps) {
  const remove = useDeleteTemplate();
  return (
    <ConfirmDeleteDialog
      title="Delete template?"
      confirmLabel="Delete template"
      isPending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate(template._id, { onSuccess: onClose })}
      onClose={onClose}
    >
      <b>{template.name}</b> will no longer be offered in the composer. Messages already sent from
      it stay as they were.
    </ConfirmDeleteDialog>
  );
}
