import type { ConversationEvent, NewMessageTranslation } from '@leasing/contract';
import type { QueryClient } from '@tanstack/react-query';
import { updateQueryDataSurvivingFetch } from '../../../lib/query-cache-updates';
import { replaceEventsInPages, translateEventInPages } from '../utils/merge-live-events';
import type { ConversationPages } from '../utils/merge-live-events';
import { getOlderConversationsKeyRoot } from './get-conversations';

function updateHistories(
  queryClient: QueryClient,
  leadID: string,
  update: (data: ConversationPages) => ConversationPages,
) {
  const queries = queryClient
    .getQueryCache()
    .findAll({ queryKey: getOlderConversationsKeyRoot(leadID) });
  for (const query of queries) {
    updateQueryDataSurvivingFetch<ConversationPages>(
      queryClient,
      query.queryKey,
      (data) => data && update(data),
    );
  }
}

/** Live versions of events the reader has loaded from the lead's history. */
export function mergeEventsIntoHistory(
  queryClient: QueryClient,
  leadID: string,
  events: ConversationEvent[],
): void {
  updateHistories(queryClient, leadID, (data) => replaceEventsInPages(data, events));
}

export function mergeTranslationIntoHistory(
  queryClient: QueryClient,
  translation: NewMessageTranslation,
): void {
  updateHistories(queryClient, translation.individualID, (data) =>
    translateEventInPages(data, translation),
  );
}
