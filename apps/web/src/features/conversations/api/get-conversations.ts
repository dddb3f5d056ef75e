import { apiPaths, conversationPageSchema } from '@leasing/contract';
import type { ConversationPage } from '@leasing/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getConversationHistoryKey } from '../../../lib/conversation-cache/conversation-cache';

export const CONVERSATIONS_PAGE_SIZE = 50;

type GetConversationsInput = {
  leadID: string;
  /** Older than this cursor; or, with `after`, newer than it. */
  before?: string;
  after?: string;
  signal?: AbortSignal;
};

/**
 * One page of a lead's timeline, newest first: older than the `before` cursor, or newer than the
 * `after` cursor (its `nextCursor` then goes on towards the newest).
 */
export function getConversations({
  leadID,
  before,
  after,
  signal,
}: GetConversationsInput): Promise<ConversationPage> {
  return apiRequest(apiPaths.leadConversations(leadID), {
    query: { before, after, limit: CONVERSATIONS_PAGE_SIZE },
    schema: conversationPageSchema,
    signal,
  });
}

/**
 * The lead itself carries its newest events; these pages are the history before them, starting at
 * the lead's `conversationsCursor`. Live updates reach them through the conversation cache, which
 * owns the key.
 */
export const getOlderConversationsQueryOptions = (leadID: string, startCursor: string) =>
  infiniteQueryOptions({
    queryKey: getConversationHistoryKey(leadID, startCursor),
    queryFn: ({ pageParam, signal }) => getConversations({ leadID, before: pageParam, signal }),
    initialPageParam: startCursor,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // History changes only by live updates, which are written into these pages; refetching every
    // loaded page would cost one request per page.
    staleTime: Infinity,
  });

type UseOlderConversationsInput = {
  leadID: string;
  /** null when the lead's own events are the whole history. */
  startCursor: string | null;
  /** Nothing is fetched until the reader asks for older events. */
  enabled: boolean;
};

export const useOlderConversations = ({
  leadID,
  startCursor,
  enabled,
}: UseOlderConversationsInput) =>
  useInfiniteQuery({
    ...getOlderConversationsQueryOptions(leadID, startCursor ?? ''),
    enabled: enabled && startCursor !== null,
  });
