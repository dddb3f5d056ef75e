import type {
  ConversationEvent,
  ConversationPage,
  Lead,
  NewConversationDelivery,
  NewMessageTranslation,
  OfficeDecisionResponse,
} from '@leasing/contract';
import type { InfiniteData } from '@tanstack/react-query';

/** The history pages before the lead's own newest events (`conversationsCursor` onwards). */
export type ConversationPages = InfiniteData<ConversationPage, string>;

const time = (iso: string) => Date.parse(iso);
const byIdDescending = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/** The server's timeline order: newest first, the id breaking ties. */
export function compareNewestFirst(a: ConversationEvent, b: ConversationEvent): number {
  return time(b.date) - time(a.date) || byIdDescending(a._id, b._id);
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
  for (let event of incoming) {
    const known = merged.findIndex((item) => item._id === event._id);
    const oldest = merged.at(-1);
    if (known === -1 && hasOlder && oldest && compareNewestFirst(event, oldest) > 0) continue;
    if (known !== -1) event = keepingTranslation(merged[known]!, event);
    const others = known === -1 ? merged : merged.filter((_, index) => index !== known);
    const before = others.findIndex((item) => compareNewestFirst(event, item) < 0);
    const at = before === -1 ? others.length : before;
    merged = [...others.slice(0, at), event, ...others.slice(at)];
  }
  return merged;
}

/**
 * A new version of a message never takes its translation away. The socket's answer with an event
 * and the event's translation are sent separately, so a version read just before the translation
 * was stored can arrive after it.
 */
function keepingTranslation(
  known: ConversationEvent,
  incoming: ConversationEvent,
): ConversationEvent {
  const translation = known.data.translation;
  if (!translation || incoming.data.translation || incoming.body !== known.body) return incoming;
  return { ...incoming, data: { ...incoming.data, translation } };
}

/** The one place a translation is written onto its message, wherever that message is cached. */
export function translated(
  event: ConversationEvent,
  { messageID, translationData }: NewMessageTranslation,
): ConversationEvent {
  return event._id === messageID
    ? { ...event, data: { ...event.data, translation: translationData } }
    : event;
}

/** The events with the translation set on the one translated; the same list when it is not there. */
export function applyTranslationToEvents(
  events: ConversationEvent[],
  translation: NewMessageTranslation,
): ConversationEvent[] {
  const index = events.findIndex((event) => event._id === translation.messageID);
  const event = events[index];
  if (!event) return events;
  return [...events.slice(0, index), translated(event, translation), ...events.slice(index + 1)];
}

/** The lead's newest events with `incoming` merged in; a new event belongs at the head. */
export function addEventsToLead(lead: Lead, incoming: ConversationEvent[]): Lead {
  return {
    ...lead,
    conversations: mergeEventsNewestFirst(lead.conversations, incoming, { hasOlder: false }),
  };
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
    owner: summary.owner,
    status: summary.status,
    followUpAt: summary.followUpAt,
  };
}

/**
 * The summary carries only the decision's status; its completion (who, when) needs the lead
 * reloaded.
 */
export function hasDecisionChanged(lead: Lead, summary: NewConversationDelivery['lead']): boolean {
  return summary.officeDecisionStatus !== (lead.officeDecisionState?.status ?? null);
}

export function applyTranslationToLead(lead: Lead, translation: NewMessageTranslation): Lead {
  if (translation.individualID !== lead._id) return lead;
  const conversations = applyTranslationToEvents(lead.conversations, translation);
  return conversations === lead.conversations ? lead : { ...lead, conversations };
}

/**
 * The lead takes the decision's new state, and its newest events the completion event unless the
 * socket brought it first (a known id is left as it is).
 */
export function applyDecisionToLead(
  lead: Lead,
  { officeDecisionState, event }: OfficeDecisionResponse,
): Lead {
  const isNew = event && !lead.conversations.some((item) => item._id === event._id);
  return {
    ...lead,
    officeDecisionState,
    conversations: isNew ? [event, ...lead.conversations] : lead.conversations,
  };
}

function mapEvents(
  data: ConversationPages,
  change: (event: ConversationEvent) => ConversationEvent,
): ConversationPages {
  let changed = false;
  const pages = data.pages.map((page) => {
    const items = page.items.map((event) => {
      const next = change(event);
      if (next !== event) changed = true;
      return next;
    });
    return items.some((item, index) => item !== page.items[index]) ? { ...page, items } : page;
  });
  return changed ? { ...data, pages } : data;
}

/**
 * Live versions of events already in the history pages (a late sending status, say) replace
 * them by `_id`. New events never go here: they belong to the lead's newest events.
 */
export function replaceEventsInPages(
  data: ConversationPages,
  events: ConversationEvent[],
): ConversationPages {
  const byId = new Map(events.map((event) => [event._id, event]));
  return mapEvents(data, (event) => {
    const incoming = byId.get(event._id);
    return incoming ? keepingTranslation(event, incoming) : event;
  });
}

export function translateEventInPages(
  data: ConversationPages,
  translation: NewMessageTranslation,
): ConversationPages {
  return mapEvents(data, (event) => translated(event, translation));
}
