import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { badRequest } from './errors.js';

const cursorSchema = z.object({ t: z.iso.datetime(), id: z.guid() });
export type KeysetCursor = { date: Date; id: string };

/** Opaque keyset cursor over (timestamp, id). */
export const encodeCursor = ({ date, id }: KeysetCursor): string =>
  Buffer.from(JSON.stringify({ t: date.toISOString(), id })).toString('base64url');

export const decodeCursor = (cursor: string, path = 'querystring.cursor'): KeysetCursor => {
  try {
    const parsed = cursorSchema.parse(
      JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')),
    );
    return { date: new Date(parsed.t), id: parsed.id };
  } catch {
    throw badRequest(path, 'not a cursor this API returned');
  }
};

/** Rows after the cursor in (timestamp desc, id desc) order; every condition when there is none. */
export const olderThan = (
  dateColumn: PgColumn,
  idColumn: PgColumn,
  cursor: KeysetCursor | undefined,
) =>
  cursor
    ? or(lt(dateColumn, cursor.date), and(eq(dateColumn, cursor.date), lt(idColumn, cursor.id)))
    : undefined;

/** Rows before the cursor in (timestamp desc, id desc) order: the newer ones. */
export const newerThan = (
  dateColumn: PgColumn,
  idColumn: PgColumn,
  cursor: KeysetCursor | undefined,
) =>
  cursor
    ? or(gt(dateColumn, cursor.date), and(eq(dateColumn, cursor.date), gt(idColumn, cursor.id)))
    : undefined;

/** A keyset query fetches `limit + 1` rows: the extra one only says whether another page exists. */
export const toPage = <Row, Item>(
  rows: Row[],
  limit: number,
  keyOf: (row: Row) => KeysetCursor,
  toItem: (row: Row) => Item,
): { items: Item[]; nextCursor: string | null } => {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(toItem),
    nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null,
  };
};
