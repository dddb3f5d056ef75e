import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiKeys, companies, users } from '../../db/schema/index.js';

const listedColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  createdByUserName: users.name,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  scopes: apiKeys.scopes,
  expiresAt: apiKeys.expiresAt,
};

export type ListedApiKeyRow = {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  createdByUserName: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  scopes: string[];
  expiresAt: Date | null;
};

const selectListed = (db: Db) =>
  db.select(listedColumns).from(apiKeys).leftJoin(users, eq(users.id, apiKeys.createdByUserId));

export const listCompanyApiKeys = (db: Db, companyId: string): Promise<ListedApiKeyRow[]> =>
  selectListed(db)
    .where(eq(apiKeys.companyId, companyId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));

export const findCompanyApiKey = async (
  db: Db,
  companyId: string,
  id: string,
): Promise<ListedApiKeyRow | undefined> =>
  (await selectListed(db).where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, companyId))))[0];

export const insertApiKey = async (
  db: Db,
  values: {
    companyId: string;
    name: string;
    prefix: string;
    keyHash: string;
    createdByUserId: string | null;
    scopes: string[];
    expiresAt: Date | null;
  },
) => {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  if (!row) throw new Error('api key insert returned nothing');
  return row;
};

/** Revokes once: a second revoke keeps the first moment. Scoped to the company. */
export const revokeCompanyApiKey = (db: Db, companyId: string, id: string, at: Date) =>
  db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)));

export const findApiKeyByHash = async (db: Db, keyHash: string) =>
  (
    await db
      .select({
        id: apiKeys.id,
        companyId: apiKeys.companyId,
        revokedAt: apiKeys.revokedAt,
        lastUsedAt: apiKeys.lastUsedAt,
        scopes: apiKeys.scopes,
        expiresAt: apiKeys.expiresAt,
      })
      .from(apiKeys)
      .where(eq(apiKeys.keyHash, keyHash))
  )[0];

/** Records use, but writes at most once per `interval` however busy the key is. */
export const touchApiKey = (db: Db, id: string, now: Date, intervalMs: number) =>
  db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, id),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, new Date(now.getTime() - intervalMs)),
        ),
      ),
    );

export const findCompanyName = async (db: Db, companyId: string) =>
  (await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)))[0];
