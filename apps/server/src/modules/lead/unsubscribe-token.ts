import { idLinkTokens, type IdLinkTokens } from '../../lib/installation-keys.js';

export type UnsubscribeTokens = IdLinkTokens;

/**
 * An unsubscribe link works without signing in, so its token is the proof: the lead's id and an
 * HMAC-SHA256 over it (truncated to 128 bits) with a key only the server has. It never expires:
 * an old email's link must still unsubscribe. Loaded once per database (the key lives in it).
 */
export const unsubscribeTokensOf = idLinkTokens('email-unsubscribe-token', 'unsubscribe');
