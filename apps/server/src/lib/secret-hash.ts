import { createHash } from 'node:crypto';

/**
 * How a secret that is a credential (an invitation, a refresh token, a calendar feed's token) is
 * stored: its SHA-256 in hex, so the database never holds the secret itself.
 */
export const sha256Hex = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');
