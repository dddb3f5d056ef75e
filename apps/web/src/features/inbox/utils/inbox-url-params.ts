import {
  inboxChannels,
  inboxFilters,
  inboxViews,
  leadStatuses,
  leadStatusLabels,
} from '@leasing/contract';
import type { InboxChannel, InboxFilter, InboxView, LeadStatus } from '@leasing/contract';
import { SELECTED_PROPERTY_PARAM } from '../../../config/paths';
import type { InboxParams } from '../api/get-inbox';
import { inboxChannelLabels, inboxFilterLabels } from './inbox-labels';

/**
 * The inbox's search and filters live in the dashboard's URL, so Back from a lead returns to the
 * same list and a filtered queue can be shared. The property is the dashboard's own parameter.
 */
export const INBOX_URL_PARAMS = {
  search: 'q',
  filter: 'filter',
  channel: 'channel',
  view: 'owner',
  status: 'status',
} as const;

const isFilter = (value: string): value is InboxFilter =>
  inboxFilters.some((filter) => filter === value);
const isView = (value: string | null): value is InboxView =>
  inboxViews.some((view) => view === value);
const isStatus = (value: string): value is LeadStatus =>
  leadStatuses.some((status) => status === value);
const isChannel = (value: string | null): value is InboxChannel =>
  inboxChannels.some((channel) => channel === value);

export function readInboxParams(
  searchParams: URLSearchParams,
  propertyId: string | null,
): InboxParams {
  const filters = (searchParams.get(INBOX_URL_PARAMS.filter) ?? '').split(',').filter(isFilter);
  const channel = searchParams.get(INBOX_URL_PARAMS.channel);
  const view = searchParams.get(INBOX_URL_PARAMS.view);
  const statuses = (searchParams.get(INBOX_URL_PARAMS.status) ?? '').split(',').filter(isStatus);
  return {
    propertyId,
    search: searchParams.get(INBOX_URL_PARAMS.search) ?? '',
    filters: inboxFilters.filter((filter) => filters.includes(filter)),
    channel: isChannel(channel) ? channel : null,
    view: isView(view) ? view : 'all',
    statuses: leadStatuses.filter((status) => statuses.includes(status)),
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
  const { statuses } = change;
  if (statuses !== undefined) {
    set(
      INBOX_URL_PARAMS.status,
      leadStatuses.filter((status) => statuses.includes(status)).join(','),
    );
  }
  return next;
}

export function hasInboxNarrowing(params: InboxParams): boolean {
  return (
    params.search.trim() !== '' ||
    params.filters.length > 0 ||
    params.channel !== null ||
    params.statuses.length > 0
  );
}

/** A lead opened from the inbox of all properties says so (no scope would mean its own property). */
const ALL_PROPERTIES = 'all';

/** The inbox's part of a URL's query (`property=…&q=…`), with the scope always named. */
function queueQuery(params: InboxParams, scope: string): string {
  return writeInboxParams(
    new URLSearchParams({ [SELECTED_PROPERTY_PARAM]: scope }),
    params,
  ).toString();
}

/**
 * The query a lead opened from this inbox carries (`?property=…&q=…`), so the list beside the lead,
 * next/previous and the way back are the same queue.
 */
export function inboxLinkSearch(params: InboxParams): string {
  return `?${queueQuery(params, params.propertyId ?? ALL_PROPERTIES)}`;
}

/**
 * The queue a lead's page belongs to, read from its URL. A lead opened some other way (a
 * notification, a shared link) belongs to its own property's inbox.
 */
export function readLeadQueue(searchParams: URLSearchParams, leadPropertyId: string): InboxParams {
  const scope = searchParams.get(SELECTED_PROPERTY_PARAM);
  const propertyId = scope === ALL_PROPERTIES ? null : (scope ?? leadPropertyId);
  return readInboxParams(searchParams, propertyId);
}

/** The dashboard showing this queue: 'All properties' is the dashboard's default, unnamed. */
export function dashboardSearchOf(params: InboxParams): string {
  const query = params.propertyId
    ? queueQuery(params, params.propertyId)
    : writeInboxParams(new URLSearchParams(), params).toString();
  return query ? `?${query}` : '';
}

/** The narrowing in words ('Unread · SMS · “ava”'), or null when the whole inbox shows. */
export function describeInboxNarrowing(params: InboxParams): string | null {
  const parts = [
    ...params.filters.map((filter) => inboxFilterLabels[filter]),
    ...(params.channel ? [inboxChannelLabels[params.channel]] : []),
    ...params.statuses.map((status) => leadStatusLabels[status]),
    ...(params.search.trim() ? [`“${params.search.trim()}”`] : []),
  ];
  return parts.length > 0 ? parts.join(' · ') : null;
}
