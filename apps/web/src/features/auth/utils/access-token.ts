import { getTokenExpiry, readJwtPayload } from '../../../lib/jwt';

const MAX_TOKEN_LENGTH = 8192;

/**
 * Whether a secure link's access token is worth trying: a JWT whose payload is readable and, when
 * it names an expiry, not yet expired. The server still decides whether it is valid.
 */
export function isValidLookingToken(
  value: string | null,
  now: number = Date.now(),
): value is string {
  if (value === null || value.length > MAX_TOKEN_LENGTH) return false;
  if (readJwtPayload(value) === null) return false;
  const expiresAt = getTokenExpiry(value);
  return expiresAt === null || expiresAt > now;
}

/** Whose token it is, as far as its claims say: `sub` to compare, email (or name) to show. */
export type TokenAccount = { id: string; label: string };

export function accountOf(token: string): TokenAccount | null {
  const claims = readJwtPayload(token);
  if (typeof claims?.sub !== 'string') return null;
  const label = [claims.email, claims.name].find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  return { id: claims.sub, label: label ?? 'another account' };
}
