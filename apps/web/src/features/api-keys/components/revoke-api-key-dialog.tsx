import type { ApiKey } from '@leasing/contract';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { useRevokeApiKey } from '../api/revoke-api-key';

export type RevokeApiKeyDialogProps = {
  apiKey: ApiKey;
  onClose: () => void;
};

/** Revoking cannot be undone, and stops a system at once: it is confirmed first. */
export function RevokeApiKeyDialog({ apiKey, onClose }: RevokeApiKeyDialogProps) {
  const revoke = useRevokeApiKey();

  function handleRevoke() {
    revoke.mutate(apiKey._id, { onSuccess: onClose });
  }

  return (
    <ConfirmDeleteDialog
      title="Revoke API key?"
      confirmLabel="Revoke key"
      isPending={revoke.isPending}
      error={revoke.error}
      onConfirm={handleRevoke}
      onClose={onClose}
    >
      Systems using <b>{apiKey.name}</b> ({apiKey.prefix}…) will be refused from their next request.
      This cannot be undone.
    </ConfirmDeleteDialog>
  );
}
