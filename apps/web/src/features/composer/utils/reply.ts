import type { ConversationEvent } from '@leasing/contract';

/** 'Re: <subject>', unless it already is a reply. */
export function replySubject(subject: string | null): string {
  const original = (subject ?? '').trim();
  if (/^re:/i.test(original)) return original;
  return original ? `Re: ${original}` : 'Re:';
}

/** Only the lead's own emails can be answered. */
export function isReplyableEmail(event: ConversationEvent): boolean {
  return event.eventType === 'EMAIL' && event.senderType === 'LEAD';
}

/**
 * The email the pane opens answering: the newest event (office decisions aside), when it is an
 * email from the lead. `newestFirst` is the lead's events as it brings them.
 */
export function findEmailAwaitingReply(newestFirst: ConversationEvent[]): ConversationEvent | null {
  const last = newestFirst.find((event) => event.eventType !== 'OFFICE_DECISION');
  return last && isReplyableEmail(last) ? last : null;
}
