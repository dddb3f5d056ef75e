import { apiPaths, conversationWindowSchema } from '@leasing/contract';
import type { ConversationEvent, ConversationWindow } from '@leasing/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getConversationHistoryKeyRoot } from '../../../lib/conversation-cache/conversation-cache';
import { CONVERSATIONS_PAGE_SIZE, getConversations } from './get-conversations';

type GetConversationsAroundInput = { leadID: string; date: string; signal?: AbortSignal };

/** The events around a moment, newest first, with a cursor towards each end of the history. */
export function getConversationsAround({
  leadID,
  date,
  signal,
}: GetConversationsAroundInput): Promise<ConversationWindow> {
  return apiRequest(apiPaths.leadConversationsAround(leadID), {
    query: { date, limit: CONVERSATIONS_PAGE_SIZE },
    schema: conversationWindowSchema,
    signal,
  });
}

/** One page of a window: its events newest first and where each end goes on (null: it ends). */
export type ConversationWindowPage = {
  items: ConversationEvent[];
  olderCursor: string | null;
  newerCursor: string | null;
};

type WindowPageParam =
  | { direction: 'around' }
  | { direction: 'older'; cursor: string }
  | { direction: 'newer'; cursor: string };

async function getWindowPage(
  leadID: string,
  date: string,
  param: WindowPageParam,
  signal: AbortSignal,
): Promise<ConversationWindowPage> {
  if (param.direction === 'around') return getConversationsAround({ leadID, date, signal });
  if (param.direction === 'older') {
    const page = await getConversations({ leadID, before: param.cursor, signal });
    return { items: page.items, olderCursor: page.nextCursor, newerCursor: null };
  }
  const page = await getConversations({ leadID, after: param.cursor, signal });
  return { items: page.items, olderCursor: null, newerCursor: page.nextCursor };
}

/**
 * The timeline opened at a moment (a date picked, a search match): pages run newest first, newer
 * pages are added before the first one and older ones after the last. Under the lead's history key,
 * so live updates (a sending status, a translation) reach these events too.
 */
export const getConversationWindowQueryOptions = (leadID: string, date: string) =>
  infiniteQueryOptions({
    queryKey: [...getConversationHistoryKeyRoot(leadID), 'around', date] as const,
    queryFn: ({ pageParam, signal }) => getWindowPage(leadID, date, pageParam, signal),
    initialPageParam: { direction: 'around' } as WindowPageParam,
    getNextPageParam: (lastPage): WindowPageParam | undefined =>
      lastPage.olderCursor ? { direction: 'older', cursor: lastPage.olderCursor } : undefined,
    getPreviousPageParam: (firstPage): WindowPageParam | undefined =>
      firstPage.newerCursor ? { direction: 'newer', cursor: firstPage.newerCursor } : undefined,
    staleTime: Infinity,
  });

/** The window around `date`; nothing is fetched while `date` is null (the timeline is live). */
export const useConversationWindow = (leadID: string, date: string | null) =>
  useInfiniteQuery({
    ...getConversationWindowQueryOptions(leadID, date ?? ''),
    enabled: date !== null,
    // A second jump keeps the first one's events on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
