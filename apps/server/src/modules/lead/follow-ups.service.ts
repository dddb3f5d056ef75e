import type { FollowUpResponse } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { loadLeadOfficeRules } from '../scheduling/index.js';
import { claimDueFollowUps, findLead, setLeadFollowUp } from './follow-ups.repository.js';
import { lightsOf } from './lights.js';

export { lightsOf };

export type FollowUpsDeps = { db: Db; events: EventPort; now: Clock };

/** How many due follow-ups one sweep announces; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * Sets the lead's follow-up (any staff of its company), or clears it with null. A time already
 * passed is refused. Another company's lead answers as an unknown one.
 */
export const setFollowUp = async (
  deps: FollowUpsDeps,
  companyId: string,
  leadId: string,
  dueAt: string | null,
  actor: Actor,
): Promise<FollowUpResponse> => {
  const due = dueAt === null ? null : new Date(dueAt);
  const now = deps.now();
  if (due && due <= now) throw badRequest('body.dueAt', 'must be in the future');
  const lead = await deps.events.transaction(async ({ db, record }) => {
    const found = await findLead(db, leadId);
    if (!found || found.companyId !== companyId) throw notFound('Lead');
    const updated = await setLeadFollowUp(db, leadId, due);
    if (found.followUpAt?.getTime() !== due?.getTime()) {
      record(
        domainEvent('follow_up.changed', {
          companyId,
          leadId,
          dueAt: due?.toISOString() ?? null,
          actor,
        }),
      );
    }
    return updated!;
  });
  return {
    followUpAt: lead.followUpAt?.toISOString() ?? null,
    lights: lightsOf(lead, now, await loadLeadOfficeRules(deps.db, leadId)),
  };
};

/**
 * Announces every follow-up that came due (`follow_up.due`, for the owner's notifications), each
 * exactly once: the claim and the event share one transaction. Answers how many it announced.
 */
export const publishDueFollowUps = async (deps: FollowUpsDeps): Promise<number> => {
  let total = 0;
  for (;;) {
    const claimed = await deps.events.transaction(async ({ db, record }) => {
      const rows = await claimDueFollowUps(db, deps.now(), SWEEP_BATCH);
      for (const row of rows) {
        record(
          domainEvent('follow_up.due', {
            companyId: row.companyId,
            leadId: row.id,
            dueAt: row.followUpAt!.toISOString(),
            ownerUserId: row.ownerUserId,
          }),
        );
      }
      return rows.length;
    });
    total += claimed;
    if (claimed < SWEEP_BATCH) return total;
  }
};
