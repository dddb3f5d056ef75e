import { callEventDataSchema, type ConversationEvent } from '@leasing/contract';

/** A call nobody reported over for this long is taken as ended (a callback that never came). */
const STALE_AFTER_MS = 2 * 60 * 60 * 1000;

/** Who is on the call: the staff member by name; null for the office's phone (an inbound call). */
export type CallInProgress = { name: string | null };

/**
 * The call with this lead that is still going: the newest CALL of `events` with no outcome yet,
 * when a colleague placed it (ringing them, or talking) or someone picked up the lead's call.
 * Null when there is none (an inbound call still ringing is not anyone's yet).
 */
export function callInProgress(
  events: readonly ConversationEvent[],
  now: number = Date.now(),
): CallInProgress | null {
  for (const event of events) {
    if (event.eventType !== 'CALL') continue;
    const data = callEventDataSchema.safeParse(event.data);
    if (!data.success) continue;
    const call = data.data;
    if (call.outcome !== null) return null;
    if (now - Date.parse(call.startedAt) > STALE_AFTER_MS) return null;
    if (call.direction === 'outbound') return { name: event.senderName ?? 'A colleague' };
    return call.answeredBy ? { name: call.answeredByName ?? null } : null;
  }
  return null;
}

/**
 * The presence line: 'Priya is on a call with this lead', 'You are …' for the one on the call,
 * 'The office is on a call with this lead' when the office's phone picked up.
 */
export function onCallSentence(call: CallInProgress, myName: string | undefined): string {
  if (call.name === null) return 'The office is on a call with this lead';
  return call.name === myName
    ? 'You are on a call with this lead'
    : `${call.name.split(' ')[0]} is on a call with this lead`;
}
