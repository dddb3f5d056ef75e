const JWT_SHAPE = /^[A-Za-z0-9_-]+\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+$/;

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  return atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
}

/**
 * The claims of a JWT, read without verifying it: only the server can tell whether a token is
 * good, but the client may look at when it runs out. Null when it is not a readable JWT.
 */
export function readJwtPayload(token: string): Record<string, unknown> | null {
  const payloadSegment = JWT_SHAPE.exec(token)?.[1];
  if (!payloadSegment) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(payloadSegment));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** When the token runs out, in milliseconds since the epoch; null when it names no expiry. */
export function getTokenExpiry(token: string): number | null {
  const exp = readJwtPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}
