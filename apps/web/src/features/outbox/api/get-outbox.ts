import type { outboxEntrySchema } from '@leasing/contract';
import { apiPaths, outboxPageSchema } from '@leasing/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const OUTBOX_PAGE_SIZE = 25;
export const OUTBOX_QUERY_KEY = ['outbox'] as const;

export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export type OutboxPage = z.infer<typeof outboxPageSchema>;

type GetOutboxInput = { cursor: string | null; signal?: AbortSignal };

/** One page of what the sandbox providers "sent" for the user's company, newest first. */
export function getOutbox({ cursor, signal }: GetOutboxInput): Promise<OutboxPage> {
  return apiRequest(apiPaths.outbox, {
    query: { cursor, limit: OUTBOX_PAGE_SIZE },
    schema: outboxPageSchema,
    signal,
  });
}

export const getOutboxQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: OUTBOX_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => getOutbox({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useOutbox = () => useInfiniteQuery(getOutboxQueryOptions());
