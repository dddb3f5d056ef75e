import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export const insertRefreshToken = async (db: Db, row: typeof refreshTokens.$inferInsert) => {
  await db.insert(refreshTokens).values(row);
};

export const findRefreshToken = async (db: Db, tokenHash: string) =>
  (await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)))[0];

/** Marks the token rotated unless another request already did; true when this call won. */
export const markRotated = async (db: Db, id: string, at: Date) => {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: at })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
};

export const revokeFamily = async (db: Db, familyId: string, at: Date) => {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
};
