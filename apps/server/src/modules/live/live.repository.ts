import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversationEvents, type ConversationEventRow } from '../../db/schema/index.js';

export const findConversationEvent = async (
  db: Db,
  id: string,
): Promise<ConversationEventRow | undefined> =>
  (await db.select().from(conversationEvents).where(eq(conversationEvents.id, id)))[0];
