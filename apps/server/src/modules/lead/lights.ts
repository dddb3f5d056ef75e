import type { LeadLights } from '@leasing/contract';
import type { LeadRow } from '../../db/schema/index.js';
import { speedToLeadOf, type OfficeRules } from '../scheduling/index.js';

const NO_CONTACT_MS = 48 * 3_600_000;

export type LightsInput = Pick<
  LeadRow,
  'needsReply' | 'awaitingSince' | 'followUpAt' | 'lastMessageAt' | 'createdAt'
>;

/**
 * A lead's lights, from its inbox columns (kept by the trigger) and the clock: nothing here reads
 * the events. A follow-up still ahead puts the lead off 'needs reply' (the speed-to-lead clock
 * keeps running: the prospect still waits).
 */
export const lightsOf = (
  lead: LightsInput,
  now: Date,
  rules: OfficeRules | undefined,
): LeadLights => {
  const followUpAhead = lead.followUpAt !== null && lead.followUpAt > now;
  const waitingSince = lead.needsReply ? lead.awaitingSince : null;
  const lastContact = lead.lastMessageAt ?? lead.createdAt;
  return {
    needsReply: lead.needsReply && !followUpAhead,
    waitingSince: waitingSince?.toISOString() ?? null,
    followUpOverdue: lead.followUpAt !== null && lead.followUpAt <= now,
    noContact48h:
      lead.followUpAt === null && now.getTime() - lastContact.getTime() >= NO_CONTACT_MS,
    speedToLead: waitingSince && rules ? speedToLeadOf(waitingSince, now, rules) : null,
  };
};
