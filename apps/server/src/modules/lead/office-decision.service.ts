import { and, eq, gt } from 'drizzle-orm';
import {
  DECISION_UNDO_WINDOW_MS,
  type OfficeDecisionResponse,
  type OfficeDecisionUpdate,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import { forbidden, HttpError } from '../../lib/errors.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { userActor, type Principal } from '../../lib/principal.js';
import { appendTimelineEvent, toConversationEventDto } from '../conversation/index.js';
import { getCompanyLead, officeDecisionStateOf } from './leads.service.js';

export type OfficeDecisionDeps = { db: Db; events: EventPort; now: Clock };

const stateOf = (lead: typeof leads.$inferSelect): OfficeDecisionResponse['officeDecisionState'] =>
  officeDecisionStateOf(lead) ?? {
    status: 'COMPLETED',
    completedAt: null,
    completedByUserName: null,
    outcome: null,
  };

/**
 * Completes the lead's open decision, records who, when and what was decided (`outcome`, optional),
 * and puts that on the timeline, in one transaction. Completing a completed decision changes
 * nothing and answers the current state.
 */
export const completeOfficeDecision = async (
  { db, events, now: clock }: OfficeDecisionDeps,
  principal: Principal,
  companyId: string,
  leadId: string,
  update: OfficeDecisionUpdate,
): Promise<OfficeDecisionResponse> => {
  if (companyId !== principal.companyId) throw forbidden();
  const lead = await getCompanyLead(db, principal.companyId, leadId);
  if (lead.officeDecisionStatus === null) {
    throw new HttpError('NO_DECISION', 'This lead has no office decision to complete.');
  }

  const outcome = update.outcome || null;
  return events.transaction(async ({ db: tx, record }) => {
    const now = clock();
    // Only the request that flips PENDING → COMPLETED writes the timeline event.
    const [completed] = await tx
      .update(leads)
      .set({
        officeDecisionStatus: update.status,
        officeDecisionCompletedAt: now,
        officeDecisionCompletedByUserId: principal.id,
        officeDecisionCompletedByUserName: principal.name,
        officeDecisionOutcome: outcome,
      })
      .where(and(eq(leads.id, lead.id), eq(leads.officeDecisionStatus, 'PENDING')))
      .returning();
    if (!completed) {
      const [current] = await tx.select().from(leads).where(eq(leads.id, lead.id));
      return { officeDecisionState: stateOf(current ?? lead), event: null };
    }
    const event = await appendTimelineEvent(tx, {
      companyId: lead.companyId,
      leadId: lead.id,
      eventType: 'OFFICE_DECISION',
      date: now,
      body: 'Decision marked as completed',
      senderType: 'USER',
      senderName: principal.name,
      eventByUserName: principal.name,
      data: {
        status: 'COMPLETED',
        isSeenByUser: update.isSeenByUser,
        ...(outcome ? { outcome } : {}),
      },
    });
    record(
      domainEvent('decision.completed', {
        companyId: event.companyId,
        leadId: event.leadId,
        timelineEventId: event.id,
        actor: userActor(principal),
        outcome,
      }),
    );
    return { officeDecisionState: stateOf(completed), event: toConversationEventDto(event) };
  });
};

/**
 * 'Undo': reopens a completed decision within a minute of its completion (409 after it, or when
 * it is not completed). Its status goes back to PENDING, and the timeline says who reopened it.
 */
export const reopenOfficeDecision = async (
  { db, events, now: clock }: OfficeDecisionDeps,
  principal: Principal,
  companyId: string,
  leadId: string,
): Promise<OfficeDecisionResponse> => {
  if (companyId !== principal.companyId) throw forbidden();
  const lead = await getCompanyLead(db, principal.companyId, leadId);
  if (lead.officeDecisionStatus !== 'COMPLETED') {
    throw new HttpError('DECISION_NOT_COMPLETED', 'This decision is not completed.');
  }
  return events.transaction(async ({ db: tx, record }) => {
    const now = clock();
    const [reopened] = await tx
      .update(leads)
      .set({
        officeDecisionStatus: 'PENDING',
        officeDecisionCompletedAt: null,
        officeDecisionCompletedByUserId: null,
        officeDecisionCompletedByUserName: null,
        officeDecisionOutcome: null,
      })
      .where(
        and(
          eq(leads.id, lead.id),
          eq(leads.officeDecisionStatus, 'COMPLETED'),
          gt(leads.officeDecisionCompletedAt, new Date(now.getTime() - DECISION_UNDO_WINDOW_MS)),
        ),
      )
      .returning();
    if (!reopened) {
      throw new HttpError(
        'UNDO_WINDOW_PASSED',
        'This decision can no longer be reopened: undo works for one minute after completing it.',
      );
    }
    const event = await appendTimelineEvent(tx, {
      companyId: lead.companyId,
      leadId: lead.id,
      eventType: 'DECISION_REOPENED',
      date: now,
      body: 'Decision reopened',
      senderType: 'USER',
      senderName: principal.name,
      eventByUserName: principal.name,
      data: { status: 'PENDING' },
    });
    record(
      domainEvent('decision.reopened', {
        companyId: event.companyId,
        leadId: event.leadId,
        timelineEventId: event.id,
        actor: userActor(principal),
      }),
    );
    return { officeDecisionState: stateOf(reopened), event: toConversationEventDto(event) };
  });
};
