import type { WebhookEndpoint } from '@leasing/contract';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';

export type DeleteEndpointDialogProps = {
  endpoint: WebhookEndpoint;
  onClose: () => void;
};

/** Deleting stops every delivery to the URL and drops its log: it is confirmed first. */
export function DeleteEndpointDialog({ endpoint, onClose }: DeleteEndpointDialogProps) {
  const remove = useDeleteWebhookEndpoint();
  return (
    <ConfirmDeleteDialog
      title="Delete endpoint?"
      confirmLabel="Delete endpoint"
      isPending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate(endpoint._id, { onSuccess: onClose })}
      onClose={onClose}
    >
      <b>{endpoint.url}</b> will get no more events, and its delivery log is deleted with it.
    </ConfirmDeleteDialog>
  );
}
