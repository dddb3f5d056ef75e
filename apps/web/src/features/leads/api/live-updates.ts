import type { NewConversationDelivery } from '@leasing/contract';
import type { QueryClient } from '@tanstack/react-query';
import { updateQueryDataSurvivingFetch } from '../../../lib/query-cache-updates';
import { upsertLeadSummary } from '../utils/merge-live-updates';
import type { LeadPages } from '../utils/merge-live-updates';
import { getLeadsQueryKey } from './get-leads';

/**
 * A delivered event moves its lead in its property's lead list. The lead's own events are the
 * conversation cache's (`lib/conversation-cache`).
 */
export function mergeDeliveryIntoLeadList(
  queryClient: QueryClient,
  delivery: NewConversationDelivery,
): void {
  updateQueryDataSurvivingFetch<LeadPages>(
    queryClient,
    getLeadsQueryKey(delivery.lead.propertyID),
    (data) => data && upsertLeadSummary(data, delivery.lead),
  );
}
