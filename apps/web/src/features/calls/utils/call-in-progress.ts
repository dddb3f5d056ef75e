import { callEventDataSchema, type ConversationEvent } from '@leasing/contract';

/** A call nobody reported over for this long is taken as ended (a callback that never came). */
const STALE_AFTER_MS = 2 * 60 * 60 * 1000;

export type CallInProgress = { name: string };

/**
 * The call a colleague placed to this lead that is still going (ringing them, or talking): the
 * newest outbound CALL of `events` with no outcome yet. Null when there is none.
 */
export function callInProgress(
  events: readonly ConversationEvent[],
  now: number = Date.now(),
): CallInProgress | null {
  for (const event of events) {
    if (event.eventType !== 'CALL') continue;
    const data = callEventDataSchema.safeParse(event.data);
    if (!data.success || data.data.direction !== 'outbound') continue;
    if (data.data.outcome !== null) return null;
    if (now - Date.parse(data.data.startedAt) > STALE_AFTER_MS) return null;
    return { name: event.senderName ?? 'A colleague' };
  }
  return null;
}

/** The presence line: 'Priya is on a call with this lead', or 'You are …' for the caller. */
export function onCallSentence(call: CallInProgress, myName: string | undefined): string {
  return call.name === myName
    ? 'You are on a call with this lead'
    : `${call.name.split(' ')[0]} is on a call with this lead`;
}
