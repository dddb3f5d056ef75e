import type { NewConversationDelivery } from '@leasing/contract';
import type { QueryClient } from '@tanstack/react-query';
import { updateQueryDataSurvivingFetch } from '../../../lib/query-cache-updates';
import { markInboxItemRead, mergeDeliveryIntoInboxPages } from '../utils/merge-inbox-delivery';
import { INBOX_QUERY_KEY_ROOT } from './get-inbox';
import type { InboxPages, InboxQueryKey } from './get-inbox';

function findInboxQueries(queryClient: QueryClient) {
  return queryClient.getQueryCache().findAll({ queryKey: [INBOX_QUERY_KEY_ROOT] });
}

/**
 * A delivered event into every cached inbox list: its lead's row changes and moves (a new message
 * to the top of its section). A list that should now show a lead it has not loaded reloads.
 */
export function mergeDeliveryIntoInbox(
  queryClient: QueryClient,
  delivery: NewConversationDelivery,
  /** The signed-in user: whether a row belongs in 'Mine'. */
  meId: string | null = null,
): void {
  for (const query of findInboxQueries(queryClient)) {
    const [, params] = query.queryKey as InboxQueryKey;
    let isMissing = false;
    updateQueryDataSurvivingFetch<InboxPages>(queryClient, query.queryKey, (data) => {
      if (!data) return data;
      const merged = mergeDeliveryIntoInboxPages(data, delivery, params, meId);
      isMissing ||= merged.isMissing;
      return merged.data;
    });
    if (isMissing) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
}

/** The lead shows read in every cached inbox list at once, before the server confirms it. */
export function markLeadReadInInbox(queryClient: QueryClient, leadId: string): void {
  for (const query of findInboxQueries(queryClient)) {
    updateQueryDataSurvivingFetch<InboxPages>(
      queryClient,
      query.queryKey,
      (data) => data && markInboxItemRead(data, leadId),
    );
  }
}
