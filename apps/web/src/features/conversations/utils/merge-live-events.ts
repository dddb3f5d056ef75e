import type { ConversationEvent, ConversationPage, NewMessageTranslation } from '@leasing/contract';
import type { InfiniteData } from '@tanstack/react-query';

export type ConversationPages = InfiniteData<ConversationPage, string>;

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
  return mapEvents(data, (event) => byId.get(event._id) ?? event);
}

export function translateEventInPages(
  data: ConversationPages,
  { messageID, translationData }: NewMessageTranslation,
): ConversationPages {
  return mapEvents(data, (event) =>
    event._id === messageID
      ? { ...event, data: { ...event.data, translation: translationData } }
      : event,
  );
}
