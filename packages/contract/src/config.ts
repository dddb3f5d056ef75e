import { z } from 'zod';

/**
 * Whether staff can ask leads to pay: `on`; `off` when the server has no payment host; `unavailable`
 * when it has one but nothing to take the payments with (a public host without a provider).
 */
export const paymentsStates = ['on', 'off', 'unavailable'] as const;
export type PaymentsState = (typeof paymentsStates)[number];

/** Remote configuration served at GET /api/config: public, never secret. */
export const remoteConfigSchema = z.object({
  /** Staff are signed out when now − lastLogin exceeds this (outside an iframe). */
  sessionLimitMinutes: z.number().int().positive(),
  /** Clients fetch the configuration at most this often. */
  minimumFetchIntervalMs: z.number().int().positive(),
  /** Whether payment links can be sent (the pane's 'Request payment'). */
  payments: z.enum(paymentsStates),
  /**
   * How the pane's 'Call' works: `twilio` rings the staff member's phone, then the lead;
   * `sandbox` (no Twilio account) offers simulated calls from the lead instead.
   */
  calls: z.enum(['twilio', 'sandbox']),
});
export type RemoteConfig = z.infer<typeof remoteConfigSchema>;

export const REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS = 60 * 60 * 1000;
export const DEFAULT_SESSION_LIMIT_MINUTES = 12 * 60;
