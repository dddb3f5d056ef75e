import type { CompanyNumber } from '@leasing/contract';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
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
    <ConfirmDeleteDialog
      title="Remove number?"
      confirmLabel="Remove number"
      isPending={remove.isPending}
      error={remove.error}
      onConfirm={handleRemove}
      onClose={onClose}
    >
      Texts to <b>{formatPhone(number.number)}</b> will no longer reach your company. You can add it
      again later if no other company has taken it.
    </ConfirmDeleteDialog>
  );
}
