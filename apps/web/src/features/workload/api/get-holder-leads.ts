import { apiPaths, inboxPageSchema, leadStatuses } from '@leasing/contract';
import type { InboxPage } from '@leasing/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { holderKey, type Holder } from '../utils/holder';
import { WORKLOAD_QUERY_KEY_ROOT } from './get-workload';

const PAGE_SIZE = 50;

/** The statuses the workload counts: every lead neither leased nor lost. */
const OPEN_STATUSES = leadStatuses.filter((status) => status !== 'LEASED' && status !== 'LOST');

type HolderLeadsInput = {
  holder: Holder;
  propertyId: string | null;
  cursor: string | null;
  signal?: AbortSignal;
};

/** One page of the holder's open leads, in the inbox's order (open decisions first). */
export function getHolderLeads({
  holder,
  propertyId,
  cursor,
  signal,
}: HolderLeadsInput): Promise<InboxPage> {
  return apiRequest(apiPaths.inbox, {
    query: {
      propertyId,
      ownerId: holder.kind === 'user' ? holder.userId : null,
      view: holder.kind === 'user' ? null : holder.kind,
      status: OPEN_STATUSES.join(','),
      cursor,
      limit: PAGE_SIZE,
    },
    schema: inboxPageSchema,
    signal,
  });
}

export const getHolderLeadsQueryOptions = (holder: Holder, propertyId: string | null) =>
  infiniteQueryOptions({
    queryKey: [WORKLOAD_QUERY_KEY_ROOT, 'leads', { holder: holderKey(holder), propertyId }],
    queryFn: ({ pageParam, signal }) =>
      getHolderLeads({ holder, propertyId, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useHolderLeads = (holder: Holder, propertyId: string | null) =>
  useInfiniteQuery(getHolderLeadsQueryOptions(holder, propertyId));
