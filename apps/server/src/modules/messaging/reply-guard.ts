import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { STALE_DRAFT_CODE, STALE_DRAFT_MESSAGE } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { conversationEvents, leads } from '../../db/schema/index.js';
import { badRequest, HttpError } from '../../lib/errors.js';

/** What a send says about its draft: the event it was based on, and whether to send regardless. */
export type DraftBase = { basedOnEventId?: string; force?: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The most newer events named in a 409; the count says how many there are in all. */
const MAX_IDS = 50;

/**
 * The reply guard, run in the send's transaction before the message is stored. The lead's row is
 * locked first, so two guarded sends on one lead take turns: the second sees the first's message
 * and is refused, whichever console it came from. Newer means stored after the base event: a text
 * or email of the lead, or one sent by anyone but this user (a colleague, a key, the assistant, an
 * automatic reply). The author's own earlier messages never hold their next one.
 */
export const assertDraftIsCurrent = async (
  db: Db,
  lead: { id: string },
  userId: string,
  { basedOnEventId, force }: DraftBase,
) => {
  if (!basedOnEventId || force) return;
  if (!UUID.test(basedOnEventId))
    throw badRequest('body.basedOnEventId', 'must be an event id (a UUID)');
  await db.select({ id: leads.id }).from(leads).where(eq(leads.id, lead.id)).for('no key update');
  const [base] = await db
    .select({ id: conversationEvents.id })
    .from(conversationEvents)
    .where(and(eq(conversationEvents.id, basedOnEventId), eq(conversationEvents.leadId, lead.id)));
  if (!base) throw badRequest('body.basedOnEventId', "not one of this lead's events");
  const newer = await db
    .select({ id: conversationEvents.id })
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.leadId, lead.id),
        inArray(conversationEvents.eventType, ['SMS', 'EMAIL']),
        // Compared in the database: its microseconds would be lost in a JavaScript Date.
        gt(
          conversationEvents.createdAt,
          sql`(select ${conversationEvents.createdAt} from ${conversationEvents} where ${conversationEvents.id} = ${base.id})`,
        ),
        or(isNull(conversationEvents.sentByUserId), ne(conversationEvents.sentByUserId, userId)),
      ),
    )
    .orderBy(asc(conversationEvents.createdAt), asc(conversationEvents.id));
  if (newer.length === 0) return;
  throw new HttpError(STALE_DRAFT_CODE, STALE_DRAFT_MESSAGE, {}, [], {
    newEventCount: newer.length,
    newEventIds: newer.slice(0, MAX_IDS).map((row) => row.id),
  });
};
