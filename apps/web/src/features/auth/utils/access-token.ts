const JWT_SHAPE = /^[A-Za-z0-9_-]+\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+$/;
const MAX_TOKEN_LENGTH = 8192;

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  return atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
}

/**
 * Whether a secure link's access token is worth trying: a JWT whose payload is readable and, when
 * it names an expiry, not yet expired. The server still decides whether it is valid.
 */
export function isValidLookingToken(
  value: string | null,
  now: number = Date.now(),
): value is string {
  if (value === null || value.length > MAX_TOKEN_LENGTH) return false;
  const payloadSegment = JWT_SHAPE.exec(value)?.[1];
  if (!payloadSegment) return false;
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(payloadSegment));
  } catch {
    return false;
  }
  if (typeof payload !== 'object' || payload === null) return false;
  const exp = (payload as { exp?: unknown }).exp;
  return typeof exp !== 'number' || exp * 1000 > now;
}
