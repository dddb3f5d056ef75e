import type { NewConversationDelivery } from '@leasing/contract';
import type { QueryClient } from '@tanstack/react-query';
import { getLeadPaymentLinksQueryKey } from './get-lead-payment-links';

/**
 * A payment link opened, paid or expired (a PAYMENT event of a link) reloads that lead's links, so
 * an open "Request a payment" dialog shows the new status and the amount still due.
 */
export function refreshPaymentLinksOnDelivery(
  queryClient: QueryClient,
  delivery: NewConversationDelivery,
): void {
  const touchesLinks = delivery.events.some(
    (event) => event.eventType === 'PAYMENT' || event.eventType === 'MOVED_TO_DEBT',
  );
  if (touchesLinks) {
    void queryClient.invalidateQueries({
      queryKey: getLeadPaymentLinksQueryKey(delivery.lead._id),
    });
  }
}
