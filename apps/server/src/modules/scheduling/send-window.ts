import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { allowedWindowAt } from './allowed-window.js';
import { leadQuietHoursOf } from './quiet-hours.service.js';

/**
 * When a message may leave (quiet hours, the lead's local day): asked by the release of a
 * scheduled message at its time. Not allowed: the message stays scheduled, moved to
 * `nextAllowedAt`. Injected into the messaging module; the default allows every moment.
 */
export type SendWindow = (input: {
  leadId: string;
  companyId: string;
  channel: 'SMS' | 'EMAIL';
  now: Date;
}) => Promise<{ allowed: true } | { allowed: false; nextAllowedAt: Date }>;

/** How long before quiet hours begin an unattended text no longer starts. */
export const SEND_WINDOW_MARGIN_MS = 10_000;

export const alwaysAllowed: SendWindow = () => Promise.resolve({ allowed: true });

/**
 * The company's quiet hours in the lead's zone. Email is exempt: it waits in the inbox and wakes
 * nobody, and the state rules are about calls and texts. A lead of another company answers as
 * unknown (an error), like every company-scoped read. `clock` is read when `now` is not a Date.
 */
export const createSendWindow =
  (db: Db, clock: Clock = systemClock): SendWindow =>
  async ({ leadId, companyId, channel, now }) => {
    if (channel === 'EMAIL') return { allowed: true };
    const { facts, timeZone, state } = await leadQuietHoursOf(db, leadId, companyId);
    const at = now ?? clock();
    // Allowed now and still a moment later: a text that leaves now reaches the phone before
    // quiet hours begin (a release just before them holds it to their end instead).
    for (const instant of [at, new Date(at.getTime() + SEND_WINDOW_MARGIN_MS)]) {
      const window = allowedWindowAt(facts.policy, timeZone.zone, state, instant);
      if (!window.allowed) return { allowed: false, nextAllowedAt: window.nextAllowedAt };
    }
    return { allowed: true };
  };
