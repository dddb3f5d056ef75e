import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appSecrets } from '../../db/schema/index.js';

const SECRET_NAME = 'email-unsubscribe-token';
const ID_BYTES = 16;
const MAC_BYTES = 16;

const uuidToBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const bytesToUuid = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The installation's key, made once and kept in the database so every process signs alike. */
const loadKey = async (db: Db): Promise<Buffer> => {
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (!row) throw new Error('unsubscribe key missing');
  return Buffer.from(row.value, 'base64url');
};

export type UnsubscribeTokens = {
  /** The lead's token: its id and an HMAC over it (43 characters, URL-safe). */
  sign: (leadId: string) => string;
  /** The lead a token was made for; undefined for anything this installation did not sign. */
  verify: (token: string) => string | undefined;
};

/**
 * An unsubscribe link works without signing in, so its token is the proof: the lead's id and an
 * HMAC-SHA256 over it (truncated to 128 bits) with a key only the server has. It never expires:
 * an old email's link must still unsubscribe.
 */
export const createUnsubscribeTokens = async (db: Db): Promise<UnsubscribeTokens> => {
  const key = await loadKey(db);
  const mac = (leadId: string) =>
    createHmac('sha256', key).update(`unsubscribe|${leadId}`).digest().subarray(0, MAC_BYTES);
  return {
    sign: (leadId) => Buffer.concat([uuidToBytes(leadId), mac(leadId)]).toString('base64url'),
    verify: (token) => {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== ID_BYTES + MAC_BYTES) return undefined;
      const leadId = bytesToUuid(bytes.subarray(0, ID_BYTES));
      return timingSafeEqual(bytes.subarray(ID_BYTES), mac(leadId)) ? leadId : undefined;
    },
  };
};
