import { apiPaths, conversationSearchPageSchema } from '@leasing/contract';
import type { ConversationSearchPage } from '@leasing/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Matches fetched per request; the counter says the total from the first page on. */
export const SEARCH_PAGE_SIZE = 50;

type SearchConversationInput = {
  leadID: string;
  q: string;
  cursor?: string;
  signal?: AbortSignal;
};

/** Events of the lead's conversation whose text contains `q`, newest first. */
export function searchConversation({
  leadID,
  q,
  cursor,
  signal,
}: SearchConversationInput): Promise<ConversationSearchPage> {
  return apiRequest(apiPaths.leadConversationsSearch(leadID), {
    query: { q, cursor, limit: SEARCH_PAGE_SIZE },
    schema: conversationSearchPageSchema,
    signal,
  });
}

export const getConversationSearchQueryOptions = (leadID: string, q: string) =>
  infiniteQueryOptions({
    queryKey: ['conversation-search', leadID, q] as const,
    queryFn: ({ pageParam, signal }) =>
      searchConversation({ leadID, q, cursor: pageParam ?? undefined, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

/** The matches of `q`; nothing is fetched while `q` is null (no search asked for). */
export const useConversationSearch = (leadID: string, q: string | null) =>
  useInfiniteQuery({
    ...getConversationSearchQueryOptions(leadID, q ?? ''),
    enabled: q !== null,
  });
