import { z } from 'zod';
import { badRequest } from './errors.js';

const cursorSchema = z.object({ t: z.iso.datetime(), id: z.guid() });
export type KeysetCursor = { date: Date; id: string };

/** Opaque keyset cursor over (timestamp, id). */
export const encodeCursor = ({ date, id }: KeysetCursor): string =>
  Buffer.from(JSON.stringify({ t: date.toISOString(), id })).toString('base64url');

export const decodeCursor = (cursor: string): KeysetCursor => {
  try {
    const parsed = cursorSchema.parse(
      JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')),
    );
    return { date: new Date(parsed.t), id: parsed.id };
  } catch {
    throw badRequest('cursor: not a cursor this API returned');
  }
};
