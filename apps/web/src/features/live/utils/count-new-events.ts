import type { ConversationEvent } from '@leasing/contract';

/** What a lead's timeline held when its console reconnected. */
export type CatchUpBase = { ids: ReadonlySet<string>; newestTime: number };

export function catchUpBase(events: ConversationEvent[]): CatchUpBase {
  let newestTime = Number.NEGATIVE_INFINITY;
  for (const event of events) newestTime = Math.max(newestTime, Date.parse(event.date));
  return { ids: new Set(events.map((event) => event._id)), newestTime };
}

/**
 * The events the console missed while it was disconnected: new to it, and not older than the
 * newest it had (a changed status of a known message is no new event, nor is history filled in).
 */
export function countNewEvents(base: CatchUpBase, events: ConversationEvent[]): number {
  return events.filter(
    (event) => !base.ids.has(event._id) && Date.parse(event.date) >= base.newestTime,
  ).length;
}
