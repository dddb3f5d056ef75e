import type { InboxItem } from '@leasing/contract';
import { useCallback, useMemo, useState } from 'react';
import { useInbox } from '../api/get-inbox';
import type { InboxParams } from '../api/get-inbox';

/** Which lead is open: as the pane's URL names it. */
export type OpenLead = { propertyId: string; pmsLeadId: string };

export type LeadNeighbors = {
  /** The open lead's row, when the list holds it. */
  current: InboxItem | null;
  /** 1-based place of the open lead in the list loaded so far, when it is there. */
  position: number | null;
  /** Leads loaded so far, and whether the list goes on. */
  loaded: number;
  hasMore: boolean;
  isLoading: boolean;
  /** Why 'Previous lead' / 'Next lead' cannot move, or null when it can. */
  previousBlockedReason: string | null;
  nextBlockedReason: string | null;
  /** The lead before. */
  previous: InboxItem | null;
  /** The lead after, loading the next page first when the list goes on. */
  findNext: () => Promise<InboxItem | null>;
};

const isOpen = (item: InboxItem, lead: OpenLead) =>
  item.propertyID === lead.propertyId && item.pmsLeadId === lead.pmsLeadId;

/**
 * The leads before and after the open one in the inbox it was opened from (same scope, search and
 * filters), so an agent works a queue without going back to it. A lead that leaves the list while
 * open (read, under 'Unread') keeps its place: next is the lead that took it.
 */
export function useLeadNeighbors(params: InboxParams, lead: OpenLead): LeadNeighbors {
  const inboxQuery = useInbox(params);
  const { fetchNextPage, hasNextPage } = inboxQuery;
  const items = useMemo(
    () => inboxQuery.data?.pages.flatMap((page) => page.items) ?? [],
    [inboxQuery.data],
  );
  const index = items.findIndex((item) => isOpen(item, lead));
  const leadKey = `${lead.propertyId}/${lead.pmsLeadId}`;
  // Where the open lead was last seen in the list (state set during render: React's pattern for
  // remembering a previous render's value).
  const [lastSeen, setLastSeen] = useState<{ leadKey: string; index: number } | null>(null);
  if (index >= 0 && (lastSeen?.leadKey !== leadKey || lastSeen.index !== index)) {
    setLastSeen({ leadKey, index });
  }
  const formerIndex = index < 0 && lastSeen?.leadKey === leadKey ? lastSeen.index : null;
  // Next is after the open lead; if it left the list, the lead now in its place.
  const nextIndex = index >= 0 ? index + 1 : formerIndex;
  const previousIndex = index >= 0 ? index - 1 : formerIndex !== null ? formerIndex - 1 : null;
  const previous = previousIndex !== null ? (items[previousIndex] ?? null) : null;
  const next = nextIndex !== null ? (items[nextIndex] ?? null) : null;
  const isPlaced = index >= 0 || formerIndex !== null;

  const notListed = inboxQuery.isPending
    ? 'The inbox is loading'
    : 'This lead is not in the inbox list it was opened from';
  const previousBlockedReason = !isPlaced
    ? notListed
    : previous
      ? null
      : 'This is the first lead in the list';
  const nextBlockedReason = !isPlaced
    ? notListed
    : next || hasNextPage
      ? null
      : 'This is the last lead in the list';

  const findNext = useCallback(async () => {
    if (next) return next;
    if (nextIndex === null || !hasNextPage) return null;
    const result = await fetchNextPage();
    const more = result.data?.pages.flatMap((page) => page.items) ?? [];
    return more[nextIndex] ?? null;
  }, [next, nextIndex, hasNextPage, fetchNextPage]);

  return {
    current: index >= 0 ? (items[index] ?? null) : null,
    position: index >= 0 ? index + 1 : null,
    loaded: items.length,
    hasMore: hasNextPage,
    isLoading: inboxQuery.isPending,
    previousBlockedReason,
    nextBlockedReason,
    previous,
    findNext,
  };
}
