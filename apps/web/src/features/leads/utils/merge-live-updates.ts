import type {
  ConversationEvent,
  Lead,
  LeadPage,
  LeadSummary,
  NewConversationDelivery,
  NewMessageTranslation,
} from '@leasing/contract';
import type { InfiniteData } from '@tanstack/react-query';

const time = (iso: string) => Date.parse(iso);
const byIdDescending = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/** The server's timeline order: newest first, the id breaking ties. */
export function compareNewestFirst(a: ConversationEvent, b: ConversationEvent): number {
  return time(b.date) - time(a.date) || byIdDescending(a._id, b._id);
}

/** The server's lead-list order: most recent activity first, the id breaking ties. */
function compareMostActiveFirst(a: LeadSummary, b: LeadSummary): number {
  return time(b.lastActivityAt) - time(a.lastActivityAt) || byIdDescending(a._id, b._id);
}

/**
 * Puts live events into a newest-first list: a known event (same `_id`: a new sending status, a
 * translation) replaces its old version, a new one goes where its date puts it. With `hasOlder`,
 * an unknown event older than the list's oldest belongs to the history pages and is left out.
 *
 * Duplicates are told by `_id`. The spec ignores "an event whose body equals the last one's body";
 * that would drop a lead's genuine second "ok". Its purpose, one bubble however often an event is
 * delivered, is kept by the id instead.
 */
export function mergeEventsNewestFirst(
  events: ConversationEvent[],
  incoming: ConversationEvent[],
  { hasOlder }: { hasOlder: boolean },
): ConversationEvent[] {
  let merged = events;
  for (const event of incoming) {
    const known = merged.findIndex((item) => item._id === event._id);
    const oldest = merged.at(-1);
    if (known === -1 && hasOlder && oldest && compareNewestFirst(event, oldest) > 0) continue;
    const others = known === -1 ? merged : merged.filter((_, index) => index !== known);
    const before = others.findIndex((item) => compareNewestFirst(event, item) < 0);
    const at = before === -1 ? others.length : before;
    merged = [...others.slice(0, at), event, ...others.slice(at)];
  }
  return merged;
}

/**
 * The cached lead with a delivery's events merged in and the facts its summary says are now true:
 * an opt-out locks the composer at once, a bounce shows on the lead.
 */
export function applyDeliveryToLead(lead: Lead, delivery: NewConversationDelivery): Lead {
  const summary = delivery.lead;
  if (summary._id !== lead._id) return lead;
  const events = delivery.events.filter((event) => event.leadID === lead._id);
  return {
    ...lead,
    conversations: mergeEventsNewestFirst(lead.conversations, events, {
      hasOlder: lead.conversationsCursor !== null,
    }),
    name: summary.name,
    phone: summary.phone,
    email: summary.email,
    phoneOptStatus: summary.phoneOptStatus,
    emailOptStatus: summary.emailOptStatus,
    emailBouncedAt: summary.emailBouncedAt,
    tourDateUTC: summary.tourDateUTC,
  };
}

/**
 * The summary carries only the decision's status; its completion (who, when) needs the lead
 * reloaded.
 */
export function hasDecisionChanged(lead: Lead, summary: LeadSummary): boolean {
  return summary.officeDecisionStatus !== (lead.officeDecisionState?.status ?? null);
}

/** The events with the translation set on the one translated; the same list when it is not there. */
export function applyTranslationToEvents(
  events: ConversationEvent[],
  { messageID, translationData }: NewMessageTranslation,
): ConversationEvent[] {
  const index = events.findIndex((event) => event._id === messageID);
  const event = events[index];
  if (!event) return events;
  const translated = { ...event, data: { ...event.data, translation: translationData } };
  return [...events.slice(0, index), translated, ...events.slice(index + 1)];
}

export function applyTranslationToLead(lead: Lead, translation: NewMessageTranslation): Lead {
  if (translation.individualID !== lead._id) return lead;
  const conversations = applyTranslationToEvents(lead.conversations, translation);
  return conversations === lead.conversations ? lead : { ...lead, conversations };
}

export type LeadPages = InfiniteData<LeadPage, string | null>;

/**
 * A property's loaded lead list with the lead as it is now, where its last activity puts it (at
 * the top, for a message just received); a new lead joins it. A lead whose place is beyond the
 * loaded pages is left to a later page.
 */
export function upsertLeadSummary(data: LeadPages, summary: LeadSummary): LeadPages {
  let placed = false;
  const pages = data.pages.map((page, index) => {
    const items = page.items.filter((item) => item._id !== summary._id);
    if (placed) return items.length === page.items.length ? page : { ...page, items };
    const before = items.findIndex((item) => compareMostActiveFirst(summary, item) < 0);
    const isLastLoaded = index === data.pages.length - 1;
    if (before === -1 && !(isLastLoaded && page.nextCursor === null)) {
      return items.length === page.items.length ? page : { ...page, items };
    }
    placed = true;
    const at = before === -1 ? items.length : before;
    return { ...page, items: [...items.slice(0, at), summary, ...items.slice(at)] };
  });
  return { ...data, pages };
}
