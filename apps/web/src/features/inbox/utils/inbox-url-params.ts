import { inboxChannels, inboxFilters, inboxViews } from '@leasing/contract';
import type { InboxChannel, InboxFilter, InboxView } from '@leasing/contract';
import type { InboxParams } from '../api/get-inbox';

/**
 * The inbox's search and filters live in the dashboard's URL, so Back from a lead returns to the
 * same list and a filtered queue can be shared. The property is the dashboard's own parameter.
 */
export const INBOX_URL_PARAMS = {
  search: 'q',
  filter: 'filter',
  channel: 'channel',
  view: 'owner',
} as const;

const isFilter = (value: string): value is InboxFilter =>
  inboxFilters.some((filter) => filter === value);
const isView = (value: string | null): value is InboxView =>
  inboxViews.some((view) => view === value);
const isChannel = (value: string | null): value is InboxChannel =>
  inboxChannels.some((channel) => channel === value);

export function readInboxParams(
  searchParams: URLSearchParams,
  propertyId: string | null,
): InboxParams {
  const filters = (searchParams.get(INBOX_URL_PARAMS.filter) ?? '').split(',').filter(isFilter);
  const channel = searchParams.get(INBOX_URL_PARAMS.channel);
  const view = searchParams.get(INBOX_URL_PARAMS.view);
  return {
    propertyId,
    search: searchParams.get(INBOX_URL_PARAMS.search) ?? '',
    filters: inboxFilters.filter((filter) => filters.includes(filter)),
    channel: isChannel(channel) ? channel : null,
    view: isView(view) ? view : 'all',
  };
}

/** `searchParams` with the inbox's part replaced; empty values leave the URL. */
export function writeInboxParams(
  searchParams: URLSearchParams,
  change: Partial<Omit<InboxParams, 'propertyId'>>,
): URLSearchParams {
  const next = new URLSearchParams(searchParams);
  const set = (name: string, value: string) => (value ? next.set(name, value) : next.delete(name));
  if (change.search !== undefined) set(INBOX_URL_PARAMS.search, change.search.trim());
  const { filters } = change;
  if (filters !== undefined) {
    // In one order whatever the order picked: the same filters make the same URL.
    set(
      INBOX_URL_PARAMS.filter,
      inboxFilters.filter((filter) => filters.includes(filter)).join(','),
    );
  }
  if (change.channel !== undefined) set(INBOX_URL_PARAMS.channel, change.channel ?? '');
  // 'All' is the default: it leaves the URL.
  if (change.view !== undefined)
    set(INBOX_URL_PARAMS.view, change.view === 'all' ? '' : change.view);
  return next;
}

export function hasInboxNarrowing(params: InboxParams): boolean {
  return params.search.trim() !== '' || params.filters.length > 0 || params.channel !== null;
}
