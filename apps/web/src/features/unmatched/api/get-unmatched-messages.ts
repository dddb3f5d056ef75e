import { apiPaths, unmatchedMessagePageSchema } from '@leasing/contract';
import type { UnmatchedMessagePage } from '@leasing/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const UNMATCHED_PAGE_SIZE = 25;

type GetUnmatchedMessagesInput = { cursor: string | null; signal?: AbortSignal };

/** One page of the inbound messages no lead was found for, newest first. */
export function getUnmatchedMessages({
  cursor,
  signal,
}: GetUnmatchedMessagesInput): Promise<UnmatchedMessagePage> {
  return apiRequest(apiPaths.unmatchedMessages, {
    query: { cursor, limit: UNMATCHED_PAGE_SIZE },
    schema: unmatchedMessagePageSchema,
    signal,
  });
}

export const getUnmatchedMessagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['unmatched-messages'],
    queryFn: ({ pageParam, signal }) => getUnmatchedMessages({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useUnmatchedMessages = () => useInfiniteQuery(getUnmatchedMessagesQueryOptions());
