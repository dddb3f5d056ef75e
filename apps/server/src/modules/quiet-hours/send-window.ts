import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { leadWindowAt } from './quiet-hours.service.js';

/**
 * Whether a message may go to the lead at `now`, or when it may: what scheduled, automated and
 * integration sends ask before sending (a held one waits for `nextAllowedAt`).
 */
export type SendWindow = (input: {
  leadId: string;
  companyId: string;
  channel: 'SMS' | 'EMAIL';
  now: Date;
}) => Promise<{ allowed: true } | { allowed: false; nextAllowedAt: Date }>;

/**
 * The company's quiet hours in the lead's zone. Email is exempt: it waits in the inbox and wakes
 * nobody, and the state rules are about calls and texts. A lead of another company answers as
 * unknown (an error), like every company-scoped read. `clock` is read when `now` is not a Date.
 */
export const createSendWindow =
  (db: Db, clock: Clock = systemClock): SendWindow =>
  async ({ leadId, companyId, channel, now }) => {
    if (channel === 'EMAIL') return { allowed: true };
    const window = await leadWindowAt(db, leadId, now ?? clock(), companyId);
    return window.allowed
      ? { allowed: true }
      : { allowed: false, nextAllowedAt: window.nextAllowedAt };
  };
