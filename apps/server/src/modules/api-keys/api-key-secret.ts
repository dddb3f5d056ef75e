import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_DISPLAY_PREFIX_LENGTH, API_KEY_PREFIX } from '@leasing/contract';

export type NewApiKeySecret = { key: string; prefix: string; keyHash: string };

/**
 * Keys carry 256 random bits, so a fast hash is enough to store them: there is nothing to guess,
 * and a lookup by hash costs one index probe instead of a password hash per request.
 */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export const generateApiKey = (): NewApiKeySecret => {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH), keyHash: hashApiKey(key) };
};

/** Whether a bearer credential is shaped like one of our keys (and not, say, a staff token). */
export const looksLikeApiKey = (credential: string): boolean =>
  credential.startsWith(API_KEY_PREFIX) && credential.length > API_KEY_PREFIX.length + 40;
