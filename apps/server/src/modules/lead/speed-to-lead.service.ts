import type PgBoss from 'pg-boss';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { speedToLeadBreachDue, type SpeedToLeadJob } from '../scheduling/index.js';
import { claimSpeedToLeadBreach } from './lead-writes.repository.js';

export type SpeedToLeadDeps = { events: EventPort; queue: PgBoss; now: Clock };

/**
 * The scheduled speed-to-lead check (scheduling queues it when a lead starts waiting), re-done when
 * it fires: scheduling tells whether the target is reached (a check that fires early queues itself
 * again), and the lead's row is claimed for this waiting stretch. Then `speed_to_lead.breached` is
 * published, once per waiting stretch however often the job runs. Answers whether it published.
 */
export const checkSpeedToLeadBreach = async (
  deps: SpeedToLeadDeps,
  job: SpeedToLeadJob,
): Promise<boolean> => {
  const waitingSince = new Date(job.waitingSince);
  return deps.events.transaction(async (scope) => {
    const rules = await speedToLeadBreachDue(scope, deps, job);
    if (!rules) return false;
    const claimed = await claimSpeedToLeadBreach(scope.db, job.leadId, waitingSince);
    if (!claimed) return false;
    scope.record(
      domainEvent('speed_to_lead.breached', {
        companyId: claimed.companyId,
        leadId: job.leadId,
        waitingSince: job.waitingSince,
        targetMinutes: rules.targetMinutes,
        ownerUserId: claimed.ownerUserId,
      }),
    );
    return true;
  });
};
