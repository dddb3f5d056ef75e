import { apiKeyScopes, type ApiKey, type ApiKeyScope, type CreatedApiKey } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import { notFound } from '../../lib/errors.js';
import { generateApiKey, hashApiKey, looksLikeApiKey } from './api-key-secret.js';
import {
  findApiKeyByHash,
  findCompanyApiKey,
  findCompanyName,
  insertApiKey,
  listCompanyApiKeys,
  revokeCompanyApiKey,
  touchApiKey,
  type ListedApiKeyRow,
} from './api-keys.repository.js';

/** `lastUsedAt` is for people ("used today?"): one write a minute per key is plenty. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** Scopes as stored, in the contract's order; a word the contract no longer knows grants nothing. */
const scopesOf = (stored: readonly string[]): ApiKeyScope[] =>
  apiKeyScopes.filter((scope) => stored.includes(scope));

const toApiKeyDto = (row: ListedApiKeyRow): ApiKey => ({
  _id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  createdByUserName: row.createdByUserName,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  scopes: scopesOf(row.scopes),
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

export const listApiKeys = async (db: Db, companyId: string): Promise<ApiKey[]> =>
  (await listCompanyApiKeys(db, companyId)).map(toApiKeyDto);

/** Creates a key for the company; the answer is the only place the key itself ever appears. */
export const createApiKey = async (
  db: Db,
  input: {
    companyId: string;
    name: string;
    createdByUserId: string | null;
    scopes: readonly ApiKeyScope[];
    expiresAt?: Date | null;
  },
): Promise<CreatedApiKey> => {
  if (!(await findCompanyName(db, input.companyId))) throw notFound('Company');
  const secret = generateApiKey();
  const { id } = await insertApiKey(db, {
    companyId: input.companyId,
    name: input.name,
    prefix: secret.prefix,
    keyHash: secret.keyHash,
    createdByUserId: input.createdByUserId,
    scopes: scopesOf(input.scopes),
    expiresAt: input.expiresAt ?? null,
  });
  const row = await findCompanyApiKey(db, input.companyId, id);
  if (!row) throw new Error('created api key not found');
  return { apiKey: toApiKeyDto(row), key: secret.key };
};

/** Another company's key answers 404, like an unknown one: its existence is not for them. */
export const revokeApiKey = async (db: Db, companyId: string, id: string): Promise<ApiKey> => {
  await revokeCompanyApiKey(db, companyId, id, new Date());
  const row = await findCompanyApiKey(db, companyId, id);
  if (!row) throw notFound('API key');
  return toApiKeyDto(row);
};

export type ApiKeyPrincipal = { apiKeyId: string; companyId: string; scopes: ApiKeyScope[] };

/** A key of ours that is not revoked: live, or past its expiry (refused, and told why). */
export type ResolvedApiKey =
  { status: 'live'; key: ApiKeyPrincipal } | { status: 'expired'; expiredAt: Date };

/**
 * The company and scopes of a key that is not revoked; null for anything that is not a key of
 * ours. An expired key is answered as such (so its caller can be told) and is not recorded as used.
 */
export const resolveApiKey = async (
  db: Db,
  credential: string,
  now = new Date(),
): Promise<ResolvedApiKey | null> => {
  if (!looksLikeApiKey(credential)) return null;
  const key = await findApiKeyByHash(db, hashApiKey(credential));
  if (!key || key.revokedAt) return null;
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) {
    return { status: 'expired', expiredAt: key.expiresAt };
  }
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await touchApiKey(db, key.id, now, LAST_USED_RESOLUTION_MS);
  }
  return {
    status: 'live',
    key: { apiKeyId: key.id, companyId: key.companyId, scopes: scopesOf(key.scopes) },
  };
};

/** A person makes a key: the key and its `api_key.created` event commit together. */
export const createApiKeyAsUser = (
  events: EventPort,
  input: {
    companyId: string;
    name: string;
    scopes: readonly ApiKeyScope[];
    expiresAt?: Date | null;
  },
  actor: Extract<Actor, { kind: 'user' }>,
): Promise<CreatedApiKey> =>
  events.transaction(async ({ db, record }) => {
    const created = await createApiKey(db, { ...input, createdByUserId: actor.userId });
    record(
      domainEvent('api_key.created', {
        companyId: input.companyId,
        apiKeyId: created.apiKey._id,
        name: created.apiKey.name,
        scopes: created.apiKey.scopes,
        expiresAt: created.apiKey.expiresAt,
        actor,
      }),
    );
    return created;
  });

/** A person revokes a key, with its `api_key.revoked` event. */
export const revokeApiKeyAsUser = (
  events: EventPort,
  companyId: string,
  id: string,
  actor: Extract<Actor, { kind: 'user' }>,
): Promise<ApiKey> =>
  events.transaction(async ({ db, record }) => {
    const revoked = await revokeApiKey(db, companyId, id);
    record(domainEvent('api_key.revoked', { companyId, apiKeyId: id, name: revoked.name, actor }));
    return revoked;
  });
