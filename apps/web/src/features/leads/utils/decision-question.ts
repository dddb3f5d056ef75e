import type { ConversationEvent } from '@leasing/contract';

/**
 * The question the open decision asks: the text of the newest decision request on the timeline
 * (not a completion). Null when none of the loaded events is one, or it has no text.
 */
export function decisionQuestionOf(events: ConversationEvent[]): string | null {
  const request = events.find(
    (event) => event.eventType === 'OFFICE_DECISION' && event.data.status !== 'COMPLETED',
  );
  return request?.body?.trim() || null;
}
