import { z } from 'zod';
import { isoDateSchema } from './common.js';

/**
 * The audience of a secure-access token. It differs from the ID token's, so a token minted for one
 * lead is refused wherever a staff session is expected, and the web client can tell the two apart.
 */
export const LEAD_ACCESS_AUDIENCE = 'leasing-console:lead-access';

export const ACCESS_LINK_DEFAULT_TTL_SECONDS = 30 * 60;
export const ACCESS_LINK_MIN_TTL_SECONDS = 60;
export const ACCESS_LINK_MAX_TTL_SECONDS = 24 * 60 * 60;

export const accessLinkTtlSchema = z
  .number()
  .int()
  .min(ACCESS_LINK_MIN_TTL_SECONDS)
  .max(ACCESS_LINK_MAX_TTL_SECONDS);

/** Staff minting a link for the open lead; the link acts for the staff member who mints it. */
export const createAccessLinkRequestSchema = z.object({
  ttlSeconds: accessLinkTtlSchema.optional(),
});
export type CreateAccessLinkRequest = z.infer<typeof createAccessLinkRequestSchema>;

/** A minted secure-access link: `url` opens the lead's pane without a password until `expiresAt`. */
export const accessLinkSchema = z.object({
  url: z.url(),
  token: z.string(),
  expiresAt: isoDateSchema,
});
export type AccessLink = z.infer<typeof accessLinkSchema>;

/** Which lead a secure-access token opens, so the page can load that lead's pane. */
export const secureAccessLeadSchema = z.object({
  leadID: z.string(),
  propertyID: z.string(),
  pmsLeadId: z.string(),
  expiresAt: isoDateSchema,
});
export type SecureAccessLead = z.infer<typeof secureAccessLeadSchema>;
