import { z } from 'zod';

/** Remote configuration served at GET /api/config: public, never secret. */
export const remoteConfigSchema = z.object({
  /** Staff are signed out when now − lastLogin exceeds this (outside an iframe). */
  sessionLimitMinutes: z.number().int().positive(),
  /** Clients fetch the configuration at most this often. */
  minimumFetchIntervalMs: z.number().int().positive(),
});
export type RemoteConfig = z.infer<typeof remoteConfigSchema>;

export const REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS = 60 * 60 * 1000;
export const DEFAULT_SESSION_LIMIT_MINUTES = 12 * 60;
