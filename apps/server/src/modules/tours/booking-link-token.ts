import type { Db } from '../../db/client.js';
import { idLinkTokens } from '../../lib/installation-keys.js';

/**
 * A lead's own booking link proves who it was sent to, so it books without a texted code and
 * fills the form: its token is the lead's id and an HMAC over it with a key only the server has
 * (its own key and purpose: an unsubscribe or payment token is no booking link).
 */
export const bookingLinkTokensOf = idLinkTokens('tour-booking-link', 'tour-booking');

/** The lead's booking page URL: `/book/<propertyId>?t=<token>` on the console's host. */
export const bookingLinkOf = async (
  db: Db,
  publicUrl: string,
  lead: { id: string; propertyId: string },
) => {
  const url = new URL(`/book/${lead.propertyId}`, publicUrl);
  url.searchParams.set('t', (await bookingLinkTokensOf(db)).sign(lead.id));
  return url.toString();
};
