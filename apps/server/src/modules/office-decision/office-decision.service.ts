import { and, eq } from 'drizzle-orm';
import type { OfficeDecisionResponse, OfficeDecisionUpdate } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { conversationEvents, leads } from '../../db/schema/index.js';
import { forbidden, HttpError } from '../../lib/errors.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import type { Principal } from '../../lib/principal.js';
import { toConversationEventDto } from '../conversations/conversations.service.js';
import { getCompanyLead } from '../leads/leads.service.js';

const stateOf = (
  lead: typeof leads.$inferSelect,
): OfficeDecisionResponse['officeDecisionState'] => ({
  status: lead.officeDecisionStatus ?? 'COMPLETED',
  completedAt: lead.officeDecisionCompletedAt?.toISOString() ?? null,
  completedByUserName: lead.officeDecisionCompletedByUserName,
});

/**
 * Completes the lead's open decision, records who and when, and puts that on the timeline, in one
 * transaction. Completing a completed decision changes nothing and answers the current state.
 */
export const completeOfficeDecision = async (
  { db, events }: { db: Db; events: EventPort },
  principal: Principal,
  companyId: string,
  leadId: string,
  update: OfficeDecisionUpdate,
): Promise<OfficeDecisionResponse> => {
  if (companyId !== principal.companyId) throw forbidden();
  const lead = await getCompanyLead(db, principal.companyId, leadId);
  if (lead.officeDecisionStatus === null) {
    throw new HttpError(409, 'NO_DECISION', 'This lead has no office decision to complete.');
  }

  return events.transaction(async ({ db: tx, record }) => {
    const now = new Date();
    // Only the request that flips PENDING → COMPLETED writes the timeline event.
    const [completed] = await tx
      .update(leads)
      .set({
        officeDecisionStatus: update.status,
        officeDecisionCompletedAt: now,
        officeDecisionCompletedByUserId: principal.id,
        officeDecisionCompletedByUserName: principal.name,
      })
      .where(and(eq(leads.id, lead.id), eq(leads.officeDecisionStatus, 'PENDING')))
      .returning();
    if (!completed) {
      const [current] = await tx.select().from(leads).where(eq(leads.id, lead.id));
      return { officeDecisionState: stateOf(current ?? lead), event: null };
    }
    const [event] = await tx
      .insert(conversationEvents)
      .values({
        companyId: lead.companyId,
        leadId: lead.id,
        eventType: 'OFFICE_DECISION',
        date: now,
        body: 'Decision marked as completed',
        senderType: 'USER',
        senderName: principal.name,
        eventByUserName: principal.name,
        data: { status: 'COMPLETED', isSeenByUser: update.isSeenByUser },
      })
      .returning();
    if (event) {
      record(
        domainEvent('decision.completed', {
          companyId: event.companyId,
          leadId: event.leadId,
          timelineEventId: event.id,
          actor: { kind: 'user', userId: principal.id, name: principal.name },
        }),
      );
    }
    return {
      officeDecisionState: stateOf(completed),
      event: event ? toConversationEventDto(event) : null,
    };
  });
};
