import type { ConversationEvent } from '@leasing/contract';
import { formatDayLabel, getDayKey } from '../../../lib/format-date';

export type TimelineRow = {
  /** The event's id: stable across loads, so the virtualizer keeps sizes and the reader's place. */
  key: string;
  event: ConversationEvent;
  /** Set on the first event of each calendar day: the separator shown above it. */
  dayLabel: string | null;
};

export type Timeline = {
  /** Oldest first, as a chat reads. */
  rows: TimelineRow[];
  /** The newest office-decision request: the one the lead's decision state belongs to. */
  latestDecisionRequestId: string | null;
};

/** An OFFICE_DECISION event that records the completion rather than asking for a decision. */
export function isDecisionCompletion(event: ConversationEvent): boolean {
  return event.eventType === 'OFFICE_DECISION' && event.data.status === 'COMPLETED';
}

// Events keep their identity across renders (react-query shares unchanged data), so each date is
// turned into a day once, not once per loaded page.
const dayKeys = new WeakMap<ConversationEvent, number>();

function dayKeyOf(event: ConversationEvent): number {
  let key = dayKeys.get(event);
  if (key === undefined) {
    key = getDayKey(event.date);
    dayKeys.set(event, key);
  }
  return key;
}

/**
 * Joins the lead's newest events and the older pages (each newest first) into one chat-ordered list
 * without duplicates: a page fetched after new events arrived can repeat a few.
 */
export function buildTimeline(
  recentEvents: ConversationEvent[],
  olderPages: { items: ConversationEvent[] }[],
  now: Date = new Date(),
): Timeline {
  const newestFirst = [recentEvents, ...olderPages.map((page) => page.items)].flat();
  const seen = new Set<string>();
  const events: ConversationEvent[] = [];
  let latestDecisionRequestId: string | null = null;
  for (const event of newestFirst) {
    if (seen.has(event._id)) continue;
    seen.add(event._id);
    events.push(event);
    if (
      latestDecisionRequestId === null &&
      event.eventType === 'OFFICE_DECISION' &&
      !isDecisionCompletion(event)
    ) {
      latestDecisionRequestId = event._id;
    }
  }
  events.reverse();

  let previousDay: number | null = null;
  const rows = events.map((event): TimelineRow => {
    const day = dayKeyOf(event);
    const isNewDay = day !== previousDay;
    previousDay = day;
    return {
      key: event._id,
      event,
      dayLabel: isNewDay ? formatDayLabel(event.date, { now }) : null,
    };
  });
  return { rows, latestDecisionRequestId };
}
