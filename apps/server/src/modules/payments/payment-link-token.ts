import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appSecrets, type PaymentLinkRow } from '../../db/schema/index.js';

const SECRET_NAME = 'payment-link-token';
const ID_BYTES = 16;
const MAC_BYTES = 16;

export type SignedLinkFields = Pick<PaymentLinkRow, 'id' | 'leadId' | 'amountCents'>;

export type PaymentLinkTokens = {
  /** The token of a link: its id and a MAC over its lead and amount (43 characters). */
  sign: (link: SignedLinkFields) => string;
  /** The link id a well-formed token names; undefined for anything else. Not yet proof. */
  linkIdOf: (token: string) => string | undefined;
  /** Whether the token was made for exactly this link: same lead and amount. */
  matches: (token: string, link: SignedLinkFields) => boolean;
};

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
  if (!row) throw new Error('payment link key missing');
  return Buffer.from(row.value, 'base64url');
};

/**
 * Payment-link tokens are short, because they travel in a text message: the link's id and an
 * HMAC-SHA256 (truncated to 128 bits) over the id, lead and amount. The token carries no claims
 * of its own: the link's row is looked up and the MAC must match it, so a token is good for one
 * lead and one amount, and the row says until when (expiry) and whether it is still unpaid.
 */
export const createPaymentLinkTokens = async (db: Db): Promise<PaymentLinkTokens> => {
  const key = await loadKey(db);
  const mac = (link: SignedLinkFields) =>
    createHmac('sha256', key)
      .update(`payment-link|${link.id}|${link.leadId}|${link.amountCents}`)
      .digest()
      .subarray(0, MAC_BYTES);
  const parse = (token: string) => {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length !== ID_BYTES + MAC_BYTES) return undefined;
    return { id: bytesToUuid(bytes.subarray(0, ID_BYTES)), mac: bytes.subarray(ID_BYTES) };
  };
  return {
    sign: (link) => Buffer.concat([uuidToBytes(link.id), mac(link)]).toString('base64url'),
    linkIdOf: (token) => parse(token)?.id,
    matches: (token, link) => {
      const parsed = parse(token);
      return Boolean(parsed && parsed.id === link.id && timingSafeEqual(parsed.mac, mac(link)));
    },
  };
};
