import { apiPaths, inboxPageSchema } from '@leasing/contract';
import type {
  InboxChannel,
  InboxFilter,
  InboxPage,
  InboxView,
  LeadStatus,
} from '@leasing/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const INBOX_PAGE_SIZE = 50;

/** What the inbox shows: one property or all (null), a search and the filters. */
export type InboxParams = {
  propertyId: string | null;
  search: string;
  filters: InboxFilter[];
  channel: InboxChannel | null;
  /** Whose leads: the signed-in user's, nobody's, the assistant's, or all. */
  view: InboxView;
  /** Only leads in these pipeline statuses; all of them when empty. */
  statuses: LeadStatus[];
  /** Only this person's leads (the team's workload); anyone's when left out. */
  ownerId?: string;
};

export type InboxPages = InfiniteData<InboxPage, string | null>;

type GetInboxInput = InboxParams & { cursor: string | null; signal?: AbortSignal };

/** The inbox's narrowing as the API's query: the list and its CSV export ask the same. */
export function inboxQueryOf({
  propertyId,
  search,
  filters,
  channel,
  view,
  statuses,
  ownerId,
}: InboxParams) {
  return {
    propertyId,
    search: search.trim() || null,
    filter: filters.length > 0 ? filters.join(',') : null,
    channel,
    view: view === 'all' ? null : view,
    status: statuses.length > 0 ? statuses.join(',') : null,
    ownerId: ownerId ?? null,
  };
}

export function getInbox({ cursor, signal, ...params }: GetInboxInput): Promise<InboxPage> {
  return apiRequest(apiPaths.inbox, {
    query: { ...inboxQueryOf(params), cursor, limit: INBOX_PAGE_SIZE },
    schema: inboxPageSchema,
    signal,
  });
}

/** The start of every inbox list's key: live updates and reconnects reach them all with it. */
export const INBOX_QUERY_KEY_ROOT = 'inbox';

export const getInboxQueryKey = (params: InboxParams) =>
  [
    INBOX_QUERY_KEY_ROOT,
    {
      propertyId: params.propertyId,
      search: params.search.trim(),
      // Sorted: the same filters picked in another order are the same list.
      filters: [...params.filters].sort(),
      channel: params.channel,
      view: params.view,
      statuses: [...params.statuses].sort(),
      ownerId: params.ownerId,
    },
  ] as const;

export type InboxQueryKey = ReturnType<typeof getInboxQueryKey>;

/** One list, one remembered scroll position: the same key whatever order its filters were picked. */
export const inboxScrollKey = (params: InboxParams) => JSON.stringify(getInboxQueryKey(params)[1]);

export const getInboxQueryOptions = (params: InboxParams) =>
  infiniteQueryOptions({
    queryKey: getInboxQueryKey(params),
    queryFn: ({ pageParam, signal }) => getInbox({ ...params, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

/**
 * The inbox a page at a time (keyset). While another search or filter of the same property loads,
 * the list shown stays the one before (no flash of skeletons on each keystroke); another property
 * is another inbox and starts from its skeleton.
 */
export const useInbox = (params: InboxParams) =>
  useInfiniteQuery({
    ...getInboxQueryOptions(params),
    placeholderData: (previous, previousQuery) => {
      const [, previousParams] = (previousQuery?.queryKey ?? []) as Partial<InboxQueryKey>;
      return previousParams?.propertyId === params.propertyId ? previous : undefined;
    },
  });
