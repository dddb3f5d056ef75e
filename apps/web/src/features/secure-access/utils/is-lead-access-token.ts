import { LEAD_ACCESS_AUDIENCE } from '@leasing/contract';
import { readJwtPayload } from '../../../lib/jwt';

/**
 * Whether a token is a secure link's (it opens one lead) rather than a staff ID token, read from
 * its audience. Only a hint for where to go: the server verifies it either way.
 */
export function isLeadAccessToken(token: string): boolean {
  const audience = readJwtPayload(token)?.aud;
  return Array.isArray(audience)
    ? audience.includes(LEAD_ACCESS_AUDIENCE)
    : audience === LEAD_ACCESS_AUDIENCE;
}
