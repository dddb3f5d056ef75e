import type { Db } from '../../db/client.js';
import { loadInstallationKey, signedIdTokens } from '../../lib/installation-keys.js';

const SECRET_NAME = 'email-unsubscribe-token';

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
  const tokens = signedIdTokens(await loadInstallationKey(db, SECRET_NAME));
  const signed = (leadId: string) => `unsubscribe|${leadId}`;
  return {
    sign: (leadId) => tokens.sign(leadId, signed(leadId)),
    verify: (token) => {
      const parsed = tokens.parse(token);
      return parsed && tokens.verifies(parsed.mac, signed(parsed.id)) ? parsed.id : undefined;
    },
  };
};
