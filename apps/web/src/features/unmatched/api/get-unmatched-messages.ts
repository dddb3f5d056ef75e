import { apiPaths, unmatchedMessagePageSchema } from '@leasing/contract';
import type { UnmatchedMessagePage } from '@leasing/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const UNMATCHED_PAGE_SIZE = 25;

/** `open`: still needs someone; `done`: moved to a lead, made a lead, or dismissed. */
export type UnmatchedTab = 'open' | 'done';

type GetUnmatchedMessagesInput = {
  status: UnmatchedTab;
  cursor: string | null;
  signal?: AbortSignal;
};

/** One page of the inbound messages no lead was found for, newest first. */
export function getUnmatchedMessages({
  status,
  cursor,
  signal,
}: GetUnmatchedMessagesInput): Promise<UnmatchedMessagePage> {
  return apiRequest(apiPaths.unmatchedMessages, {
    query: { status, cursor, limit: UNMATCHED_PAGE_SIZE },
    schema: unmatchedMessagePageSchema,
    signal,
  });
}

/** The start of both lists' keys: resolving a message reloads them together. */
export const UNMATCHED_QUERY_KEY_ROOT = 'unmatched-messages';

export const getUnmatchedMessagesQueryOptions = (status: UnmatchedTab) =>
  infiniteQueryOptions({
    queryKey: [UNMATCHED_QUERY_KEY_ROOT, status],
    queryFn: ({ pageParam, signal }) => getUnmatchedMessages({ status, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useUnmatchedMessages = (status: UnmatchedTab = 'open') =>
  useInfiniteQuery(getUnmatchedMessagesQueryOptions(status));
