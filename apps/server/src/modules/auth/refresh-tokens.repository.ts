import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';
import { loadInstallationKey } from '../../lib/installation-keys.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Inserts the token; the same token again (a successor derived twice) is left as it is. */
export const insertRefreshToken = async (db: Db, row: typeof refreshTokens.$inferInsert) => {
  await db
    .insert(refreshTokens)
    .values(row)
    .onConflictDoNothing({ target: refreshTokens.tokenHash });
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

/** Whether the family still has a token that is neither revoked nor expired. */
export const isFamilyActive = async (db: Db, familyId: string, at: Date) => {
  const rows = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, at),
      ),
    )
    .limit(1);
  return rows.length > 0;
};

const SUCCESSOR_KEY_NAME = 'refresh-token-successor';

/** The installation's key that derives a refresh token's successor, made once and shared. */
export const loadSuccessorKey = (db: Db): Promise<Buffer> =>
  loadInstallationKey(db, SUCCESSOR_KEY_NAME);

export const revokeFamily = async (db: Db, familyId: string, at: Date) => {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
};

/** Revokes every refresh token of the user; answers the sign-ins (families) that ended. */
export const revokeUserRefreshTokens = async (db: Db, userId: string, at: Date) => {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(rows.map((row) => row.familyId))];
};
