import { useIsMutating } from '@tanstack/react-query';
import type { Mutation } from '@tanstack/react-query';
import { SEND_MESSAGE_MUTATION_KEY } from '../../../../features/composer/api/send-message-key';
import { RETRY_MESSAGE_MUTATION_KEY } from '../../../../features/conversations/api/retry-message';
import { CREATE_PAYMENT_LINK_MUTATION_KEY } from '../../../../features/payment-links/api/create-payment-link';

/** Sending shows on its own button; everything else done on the pane covers it. */
const SENDING_MUTATION_KEYS: unknown[] = [
  SEND_MESSAGE_MUTATION_KEY,
  RETRY_MESSAGE_MUTATION_KEY,
  CREATE_PAYMENT_LINK_MUTATION_KEY,
];

function isPaneWork(mutation: Mutation<unknown, Error, unknown, unknown>) {
  return !SENDING_MUTATION_KEYS.includes(mutation.options.mutationKey?.[0]);
}

/** Saving a note, completing the decision: work on the pane is under way. */
export function useIsPaneWorking() {
  return useIsMutating({ predicate: isPaneWork }) > 0;
}
