import type { ConversationEvent, Lead } from '@leasing/contract';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useRetryMessage } from '../api/retry-message';

/** 'Retry' on a failed message, a failure said in a toast; and which message is being retried. */
export function useRetryFailedMessage(lead: Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId'>) {
  const retry = useRetryMessage(lead);
  const retryMutate = retry.mutate;
  // Stable: every timeline row gets it, and the rows are memoized.
  const retryFailed = useCallback(
    (failed: ConversationEvent) => {
      retryMutate(failed, {
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Could not retry', message: error.message }),
      });
    },
    [retryMutate],
  );
  return { retryFailed, retryingId: retry.isPending ? retry.variables._id : null };
}
