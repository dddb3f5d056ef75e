import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';

/**
 * The inbox's keyset: open decisions first, then the most recent activity, the id breaking ties.
 * The time is PostgreSQL's own text of it, to the microsecond: a JavaScript Date keeps only
 * milliseconds, and two leads a few microseconds apart would make a page skip one of them.
 */
export type InboxCursor = { decisionOpen: boolean; lastActivityAt: string; id: string };

/** `to_char(… at time zone 'UTC', …)` of a timestamptz: what the cursor carries. */
const MICROSECOND_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const cursorSchema = z.object({
  d: z.boolean(),
  t: z.string().regex(MICROSECOND_ISO),
  id: z.guid(),
});

export const encodeInboxCursor = ({ decisionOpen, lastActivityAt, id }: InboxCursor): string =>
  Buffer.from(JSON.stringify({ d: decisionOpen, t: lastActivityAt, id })).toString('base64url');

export const decodeInboxCursor = (cursor: string): InboxCursor => {
  try {
    const parsed = cursorSchema.parse(
      JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')),
    );
    return { decisionOpen: parsed.d, lastActivityAt: parsed.t, id: parsed.id };
  } catch {
    throw badRequest('querystring.cursor', 'not a cursor this API returned');
  }
};
