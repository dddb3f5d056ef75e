import { inboxMessageTypes } from '@leasing/contract';
import type {
  ConversationEvent,
  InboxChannel,
  InboxItem,
  LeadSummary,
  NewConversationDelivery,
} from '@leasing/contract';
import type { InboxPages, InboxParams } from '../api/get-inbox';

/** The server's preview of a message: its first 160 characters, the subject when it has no body. */
const PREVIEW_LENGTH = 160;

const time = (iso: string) => Date.parse(iso);
type OrderKey = Pick<InboxItem, '_id' | 'decisionOpen' | 'lastActivityAt'>;

/** The server's inbox order: open decisions first, then the most recent activity, then the id. */
export function compareInboxOrder(a: OrderKey, b: OrderKey): number {
  return (
    Number(b.decisionOpen) - Number(a.decisionOpen) ||
    time(b.lastActivityAt) - time(a.lastActivityAt) ||
    (a._id < b._id ? 1 : a._id > b._id ? -1 : 0)
  );
}

/** Where the lead can be written to: the server's rule, for a lead the socket describes. */
export function reachableChannels(lead: LeadSummary): InboxChannel[] {
  const channels: InboxChannel[] = [];
  if (lead.phone && lead.phoneOptStatus !== 'OPT_OUT') channels.push('SMS');
  if (lead.email && lead.emailOptStatus !== 'OPT_OUT' && !lead.emailBouncedAt) {
    channels.push('EMAIL');
  }
  return channels;
}

const isMessage = (event: ConversationEvent) =>
  inboxMessageTypes.some((type) => type === event.eventType);

/**
 * The row's lights once a message arrives, until the server's next page says more: a message from
 * the lead (who can still hear us on that channel) needs a reply and starts the wait if none runs;
 * ours ends it. The speed-to-lead state needs the office hours: it waits for the server.
 */
function lightsAfterMessage(
  item: InboxItem,
  newest: ConversationEvent,
  summary: LeadSummary,
): InboxItem['lights'] {
  if (newest.senderType !== 'LEAD') {
    return {
      ...item.lights,
      needsReply: false,
      waitingSince: null,
      speedToLead: null,
      noContact48h: false,
    };
  }
  const optedOut =
    (newest.eventType === 'SMS' && summary.phoneOptStatus === 'OPT_OUT') ||
    (newest.eventType === 'EMAIL' && summary.emailOptStatus === 'OPT_OUT');
  return {
    ...item.lights,
    needsReply: !optedOut,
    waitingSince: optedOut ? null : (item.lights.waitingSince ?? newest.date),
    noContact48h: false,
  };
}

/**
 * The inbox row as a delivery leaves it: the lead's facts from its summary, and the newest message
 * among the events when it is newer than the one shown. A new message from the lead awaits our
 * reply and is unread; the same event heard again (a status change, its images arriving) is not
 * new, so it does not undo a read.
 */
export function applyDeliveryToInboxItem(
  item: InboxItem,
  delivery: NewConversationDelivery,
): InboxItem {
  const summary = delivery.lead;
  const shownAt = item.lastMessageAt === null ? -Infinity : time(item.lastMessageAt);
  const newest = delivery.events
    .filter((event) => event.leadID === item._id && isMessage(event))
    .filter((event) => time(event.date) >= shownAt)
    .sort((a, b) => time(b.date) - time(a.date))[0];
  const isNewFromLead =
    newest !== undefined && newest.senderType === 'LEAD' && time(newest.date) > shownAt;
  // Ours carry a sending status: the newest of ours here, when it is the row's newest message,
  // says whether the last message failed (a status change is delivered as its event again).
  const newestOurs = delivery.events
    .filter((event) => event.leadID === item._id && event.sendingStatus !== null)
    .filter((event) => time(event.date) >= shownAt)
    .sort((a, b) => time(b.date) - time(a.date))[0];
  return {
    ...item,
    ...summary,
    decisionOpen: summary.officeDecisionStatus === 'PENDING',
    channels: reachableChannels(summary),
    ...(newest && {
      lastMessageAt: newest.date,
      lastMessageChannel: newest.eventType as InboxItem['lastMessageChannel'],
      lastMessagePreview: (newest.body || newest.subject || '').slice(0, PREVIEW_LENGTH),
      awaitingReply: newest.senderType === 'LEAD',
      lights: lightsAfterMessage(item, newest, summary),
    }),
    unread: item.unread || isNewFromLead,
    lastMessageFailed: newestOurs ? newestOurs.sendingStatus === 'FAILED' : item.lastMessageFailed,
  };
}

/** Whether the row's owner fits the list's owner view (`meId`: the signed-in user). */
function matchesView(
  item: Pick<InboxItem, 'owner'>,
  params: InboxParams,
  meId: string | null,
): boolean {
  if (params.ownerId && !(item.owner.kind === 'user' && item.owner.userId === params.ownerId)) {
    return false;
  }
  switch (params.view) {
    case 'mine':
      return item.owner.kind === 'user' && item.owner.userId === meId;
    case 'unassigned':
    case 'assistant':
      return item.owner.kind === params.view;
    default:
      return true;
  }
}

/** Whether a row still belongs in a list: the filters the client can judge (search it cannot). */
export function matchesInboxParams(
  item: InboxItem,
  params: InboxParams,
  meId: string | null = null,
): boolean {
  if (params.propertyId !== null && item.propertyID !== params.propertyId) return false;
  if (!matchesView(item, params, meId)) return false;
  if (params.channel && !item.channels.includes(params.channel)) return false;
  if (params.statuses.length > 0 && !params.statuses.includes(item.status)) return false;
  return params.filters.every((filter) => {
    switch (filter) {
      case 'decision':
        return item.decisionOpen;
      case 'awaiting':
        return item.awaitingReply;
      case 'unread':
        return item.unread;
      case 'failed':
        return item.lastMessageFailed;
    }
  });
}

type MergeResult = {
  data: InboxPages;
  /**
   * The lead belongs among the loaded rows but is not one of them (a new lead, or one further
   * down that just became active): only the server can give its row, the list must reload.
   */
  isMissing: boolean;
};

/** Whether a row at `key` would sit within the loaded pages (or after them, at the very end). */
function fallsWithinLoaded(data: InboxPages, key: OrderKey, withoutId: string): boolean {
  const lastPage = data.pages.at(-1);
  if (!lastPage || lastPage.nextCursor === null) return true;
  const last = data.pages
    .flatMap((page) => page.items)
    .filter((item) => item._id !== withoutId)
    .at(-1);
  return last === undefined || compareInboxOrder(key, last) < 0;
}

/**
 * A loaded inbox list with a delivery applied: the lead's row changes and moves where its order
 * puts it now (to the top of its section for a new message), or leaves a list whose filters it no
 * longer meets. A row whose new place is beyond the loaded pages is left to a later page.
 */
export function mergeDeliveryIntoInboxPages(
  data: InboxPages,
  delivery: NewConversationDelivery,
  params: InboxParams,
  meId: string | null = null,
): MergeResult {
  const leadId = delivery.lead._id;
  const current = data.pages.flatMap((page) => page.items).find((item) => item._id === leadId);
  const pagesWithout = data.pages.map((page) =>
    page.items.some((item) => item._id === leadId)
      ? { ...page, items: page.items.filter((item) => item._id !== leadId) }
      : page,
  );
  const without = { ...data, pages: pagesWithout };

  if (!current) {
    const key = {
      _id: leadId,
      decisionOpen: delivery.lead.officeDecisionStatus === 'PENDING',
      lastActivityAt: delivery.lead.lastActivityAt,
    };
    const mayBelong =
      (params.propertyId === null || delivery.lead.propertyID === params.propertyId) &&
      matchesView(delivery.lead, params, meId) &&
      fallsWithinLoaded(data, key, leadId);
    return { data, isMissing: mayBelong };
  }

  const updated = applyDeliveryToInboxItem(current, delivery);
  if (!matchesInboxParams(updated, params, meId) || !fallsWithinLoaded(without, updated, leadId)) {
    return { data: without, isMissing: false };
  }
  let placed = false;
  const pages = without.pages.map((page, index) => {
    if (placed) return page;
    const before = page.items.findIndex((item) => compareInboxOrder(updated, item) < 0);
    const isLast = index === without.pages.length - 1;
    if (before === -1 && !isLast) return page;
    placed = true;
    const at = before === -1 ? page.items.length : before;
    return { ...page, items: [...page.items.slice(0, at), updated, ...page.items.slice(at)] };
  });
  return { data: { ...without, pages }, isMissing: false };
}

/** The lead read by this user in a loaded list (it stays where it is, even in the unread list). */
export function markInboxItemRead(data: InboxPages, leadId: string): InboxPages {
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some((item) => item._id === leadId && item.unread)) return page;
    changed = true;
    return {
      ...page,
      items: page.items.map((item) => (item._id === leadId ? { ...item, unread: false } : item)),
    };
  });
  return changed ? { ...data, pages } : data;
}
