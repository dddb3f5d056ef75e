import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signingKeys } from '../../db/schema/index.js';

export type StoredKey = typeof signingKeys.$inferSelect;

export const listSigningKeys = (db: Db): Promise<StoredKey[]> =>
  db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt));

export const insertSigningKey = async (db: Db, key: typeof signingKeys.$inferInsert) => {
  await db.insert(signingKeys).values(key).onConflictDoNothing();
};
