import type { Db } from '../../db/client.js';
import type { PaymentLinkRow } from '../../db/schema/index.js';
import { loadInstallationKey, signedIdTokens } from '../../lib/installation-keys.js';

const SECRET_NAME = 'payment-link-token';

export type SignedLinkFields = Pick<PaymentLinkRow, 'id' | 'leadId' | 'amountCents'>;

export type PaymentLinkTokens = {
  /** The token of a link: its id and a MAC over its lead and amount (43 characters). */
  sign: (link: SignedLinkFields) => string;
  /** The link id a well-formed token names; undefined for anything else. Not yet proof. */
  linkIdOf: (token: string) => string | undefined;
  /** Whether the token was made for exactly this link: same lead and amount. */
  matches: (token: string, link: SignedLinkFields) => boolean;
};

/**
 * Payment-link tokens are short, because they travel in a text message: the link's id and an
 * HMAC-SHA256 (truncated to 128 bits) over the id, lead and amount. The token carries no claims
 * of its own: the link's row is looked up and the MAC must match it, so a token is good for one
 * lead and one amount, and the row says until when (expiry) and whether it is still unpaid.
 */
export const createPaymentLinkTokens = async (db: Db): Promise<PaymentLinkTokens> => {
  const tokens = signedIdTokens(await loadInstallationKey(db, SECRET_NAME));
  const signed = (link: SignedLinkFields) =>
    `payment-link|${link.id}|${link.leadId}|${link.amountCents}`;
  return {
    sign: (link) => tokens.sign(link.id, signed(link)),
    linkIdOf: (token) => tokens.parse(token)?.id,
    matches: (token, link) => {
      const parsed = tokens.parse(token);
      return Boolean(parsed && parsed.id === link.id && tokens.verifies(parsed.mac, signed(link)));
    },
  };
};
