import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appSecrets } from '../db/schema/index.js';

/**
 * The installation's key of that name: 32 random bytes made by whichever process asks first and
 * kept in the database, so every process signs alike.
 */
export const loadInstallationKey = async (db: Db, name: string): Promise<Buffer> => {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`installation key ${name} missing`);
  return Buffer.from(row.value, 'base64url');
};

const ID_BYTES = 16;
const MAC_BYTES = 16;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const uuidToBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const bytesToUuid = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export type SignedIdTokens = {
  /** A UUID's 16 bytes and the first 128 bits of an HMAC-SHA256 over `signed`: 43 URL-safe characters. */
  sign: (id: string, signed: string) => string;
  /** The id a well-formed token names, with its MAC; undefined for anything else. Not yet proof. */
  parse: (token: string) => { id: string; mac: Buffer } | undefined;
  /** Whether `mac` is the MAC of `signed` (compared in constant time). */
  verifies: (mac: Buffer, signed: string) => boolean;
};

/**
 * Short tokens for links that work without signing in (a text message's payment link, an email's
 * unsubscribe link): the id they name and a MAC only the server can make. What is signed besides
 * the id is the caller's, so a token can be bound to more than its id (a link's lead and amount).
 */
export const signedIdTokens = (key: Buffer): SignedIdTokens => {
  const mac = (signed: string) =>
    createHmac('sha256', key).update(signed).digest().subarray(0, MAC_BYTES);
  return {
    sign: (id, signed) => Buffer.concat([uuidToBytes(id), mac(signed)]).toString('base64url'),
    parse: (token) => {
      if (!TOKEN_PATTERN.test(token)) return undefined;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== ID_BYTES + MAC_BYTES) return undefined;
      return { id: bytesToUuid(bytes.subarray(0, ID_BYTES)), mac: bytes.subarray(ID_BYTES) };
    },
    verifies: (given, signed) => timingSafeEqual(given, mac(signed)),
  };
};

/** Tokens for one kind of link: a lead's id (or any UUID) signed for one purpose only. */
export type IdLinkTokens = {
  sign: (id: string) => string;
  /** The id a token was made for; undefined for anything this installation did not sign. */
  verify: (token: string) => string | undefined;
};

/**
 * The link tokens of one purpose (`unsubscribe`, `tour-booking`), made from the installation's key
 * of that name and loaded once per database: a token of one purpose is never one of another.
 */
export const idLinkTokens = (keyName: string, purpose: string) => {
  const byDb = new WeakMap<Db, Promise<IdLinkTokens>>();
  const create = async (db: Db): Promise<IdLinkTokens> => {
    const tokens = signedIdTokens(await loadInstallationKey(db, keyName));
    const signed = (id: string) => `${purpose}|${id}`;
    return {
      sign: (id) => tokens.sign(id, signed(id)),
      verify: (token) => {
        const parsed = tokens.parse(token);
        return parsed && tokens.verifies(parsed.mac, signed(parsed.id)) ? parsed.id : undefined;
      },
    };
  };
  return (db: Db): Promise<IdLinkTokens> => {
    let tokens = byDb.get(db);
    if (!tokens) {
      tokens = create(db);
      byDb.set(db, tokens);
      tokens.catch(() => byDb.delete(db));
    }
    return tokens;
  };
};
