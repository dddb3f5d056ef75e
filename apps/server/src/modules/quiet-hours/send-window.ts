import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { SendWindow } from '../messaging/messaging.service.js';
import { leadWindowAt } from './quiet-hours.service.js';

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
