import type { ConversationEvent } from '@leasing/contract';

/**
 * The lead's messages, and other people's replies, that came after `basedOnEventId` on the
 * timeline as this console has it (newest first). Empty when the base is not among them: the
 * server still checks. `isMine` tells this user's own messages, which never hold a send.
 */
export function findNewActivity(
  newestFirst: ConversationEvent[],
  basedOnEventId: string | null,
  isMine: (event: ConversationEvent) => boolean,
): string[] {
  if (basedOnEventId === null) return [];
  const baseIndex = newestFirst.findIndex((event) => event._id === basedOnEventId);
  if (baseIndex === -1) return [];
  return newestFirst
    .slice(0, baseIndex)
    .filter((event) => (event.eventType === 'SMS' || event.eventType === 'EMAIL') && !isMine(event))
    .map((event) => event._id)
    .reverse();
}
