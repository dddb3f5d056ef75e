import {
  leadStatusLabels,
  OTHER_LOST_REASON,
  type IntegrationStatusRequest,
  type LeadStatus,
  type LeadStatusChangeData,
  type LeadStatusResponse,
  type LostReason,
  type LostReasonList,
  type SetLeadStatusRequest,
  type TourOutcome,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { ConversationEventRow, LeadRow, LostReasonRow } from '../../db/schema/index.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort, RecordingScope } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { userActor, type Principal } from '../../lib/principal.js';
import { appendTimelineEvent, toConversationEventDto } from '../conversation/index.js';
import { getCompanyLead, isTourOutcomePending } from './leads.service.js';
import {
  findLostReason,
  findLostReasonByName,
  findTimelineEventKind,
  insertLostReason,
  listLostReasonRows,
  lockLead,
  removeLostReason,
  renameLostReason,
  updateLeadStatus,
} from './lead-status.repository.js';

export type LeadStatusDeps = { db: Db; events: EventPort; now: Clock };

type Change = {
  after: LeadStatus;
  lostReason?: string | null;
  note?: string | null;
  tourOutcome?: TourOutcome;
};

const label = (status: LeadStatus) => leadStatusLabels[status];

/** What the timeline row says: "Status: Contacted → Tour scheduled", "Marked lost: Price — …". */
const bodyOf = (before: LeadStatus, change: Change) => {
  if (change.after === 'LOST') {
    return `Marked lost: ${change.lostReason ?? OTHER_LOST_REASON}${change.note ? ` — ${change.note}` : ''}`;
  }
  const move = `Status: ${label(before)} → ${label(change.after)}`;
  const text = change.tourOutcome === 'NO_SHOW' ? `No-show · ${move}` : move;
  return change.note ? `${text} — ${change.note}` : text;
};

const stateOf = (lead: LeadRow, now: Date): LeadStatusResponse['state'] => ({
  status: lead.status,
  lostReason: lead.lostReason,
  statusChangedAt: lead.statusChangedAt?.toISOString() ?? null,
  tourOutcomePending: isTourOutcomePending(lead, now),
});

/**
 * Moves the (locked) lead to another status inside the caller's transaction: the lead's row, a
 * LEAD_STATUS_CHANGE event on its timeline and `lead.status_changed`, all or nothing. Answers null
 * when the lead already is where the change would put it.
 */
const applyChange = async (
  { db, record }: Pick<RecordingScope, 'db' | 'record'>,
  lead: LeadRow,
  change: Change,
  actor: Actor,
  now: Date,
): Promise<{ lead: LeadRow; event: ConversationEventRow } | null> => {
  const lostReason = change.after === 'LOST' ? (change.lostReason ?? null) : null;
  const note = change.note || null;
  if (lead.status === change.after && lead.lostReason === lostReason && !note) return null;

  const personName = actor.kind === 'user' ? actor.name : null;
  const data: LeadStatusChangeData = {
    before: lead.status,
    after: change.after,
    ...(change.after === 'LOST' ? { lostReason } : {}),
    ...(note ? { note } : {}),
    ...(change.tourOutcome ? { tourOutcome: change.tourOutcome } : {}),
    ...(actor.kind === 'system' ? { automatic: true } : {}),
  };
  const event = await appendTimelineEvent(db, {
    companyId: lead.companyId,
    leadId: lead.id,
    eventType: 'LEAD_STATUS_CHANGE',
    date: now,
    body: bodyOf(lead.status, change),
    senderType: actor.kind === 'user' ? 'USER' : 'SYSTEM',
    senderName: personName,
    eventByUserName: personName,
    data,
  });
  const updated = await updateLeadStatus(db, lead.id, {
    status: change.after,
    lostReason,
    statusChangedAt: now,
  });
  record(
    domainEvent('lead.status_changed', {
      companyId: lead.companyId,
      leadId: lead.id,
      before: lead.status,
      after: change.after,
      ...(change.after === 'LOST' ? { lostReason, note } : note ? { note } : {}),
      ...(change.tourOutcome ? { tourOutcome: change.tourOutcome } : {}),
      timelineEventId: event.id,
      actor,
    }),
  );
  return { lead: updated, event };
};

const findLostReasonOrFail = async (db: Db, companyId: string, name: string | undefined) => {
  if (!name)
    throw badRequest('body.lostReason', "a lost lead needs a reason from the company's list");
  const reason = await findLostReasonByName(db, companyId, name);
  if (!reason) throw badRequest('body.lostReason', "is not one of the company's lost reasons");
  return reason;
};

/**
 * A person moves the lead to any status. LOST takes a reason from the company's list (and a note
 * with the reason 'Other'); setting the status it already has changes nothing.
 */
export const setLeadStatus = async (
  deps: LeadStatusDeps,
  principal: Principal,
  leadId: string,
  request: SetLeadStatusRequest,
): Promise<LeadStatusResponse> =>
  changeStatus(deps, principal.companyId, leadId, request, userActor(principal));

/**
 * The property-management system says where the lead is, and when that happened (`at`, not in the
 * future): the timeline's row and the lead's status date are that moment, so reports count the
 * step on it.
 */
export const setLeadStatusFromIntegration = async (
  deps: LeadStatusDeps,
  companyId: string,
  leadId: string,
  request: IntegrationStatusRequest,
  actor: Actor,
): Promise<LeadStatusResponse> => {
  const at = request.occurredAt ? new Date(request.occurredAt) : undefined;
  if (at && at > deps.now()) throw badRequest('body.occurredAt', 'must not be in the future');
  return changeStatus(deps, companyId, leadId, request, actor, at);
};

const changeStatus = async (
  deps: LeadStatusDeps,
  companyId: string,
  leadId: string,
  request: SetLeadStatusRequest,
  actor: Actor,
  at?: Date,
): Promise<LeadStatusResponse> => {
  await getCompanyLead(deps.db, companyId, leadId);
  return deps.events.transaction(async (scope) => {
    let lostReason: string | null = null;
    if (request.status === 'LOST') {
      const reason = await findLostReasonOrFail(scope.db, companyId, request.lostReason);
      if (reason.name.toLowerCase() === OTHER_LOST_REASON.toLowerCase() && !request.note) {
        throw badRequest('body.note', "say why the lead was lost when the reason is 'Other'");
      }
      lostReason = reason.name;
    }
    const lead = await lockLead(scope.db, leadId);
    if (!lead) throw notFound('Lead');
    const now = deps.now();
    const changed = await applyChange(
      scope,
      lead,
      { after: request.status, lostReason, note: request.note ?? null },
      actor,
      at ?? now,
    );
    return {
      state: stateOf(changed?.lead ?? lead, now),
      event: changed ? toConversationEventDto(changed.event) : null,
    };
  });
};

/**
 * How a tour whose time has passed went: 'Toured' moves the lead to TOURED; 'No-show' records the
 * no-show and moves it back to CONTACTED. Only while the pane asks (409 otherwise).
 */
export const recordTourOutcome = async (
  deps: LeadStatusDeps,
  principal: Principal,
  leadId: string,
  outcome: TourOutcome,
): Promise<LeadStatusResponse> => {
  await getCompanyLead(deps.db, principal.companyId, leadId);
  return deps.events.transaction(async (scope) => {
    const lead = await lockLead(scope.db, leadId);
    if (!lead) throw notFound('Lead');
    const now = deps.now();
    if (!isTourOutcomePending(lead, now)) {
      throw new HttpError(
        'NO_TOUR_OUTCOME_PENDING',
        'This lead has no past tour waiting for its outcome.',
      );
    }
    const changed = await applyChange(
      scope,
      lead,
      outcome === 'TOURED'
        ? { after: 'TOURED', tourOutcome: 'TOURED' }
        : { after: 'CONTACTED', tourOutcome: 'NO_SHOW' },
      userActor(principal),
      now,
    );
    return {
      state: stateOf(changed?.lead ?? lead, now),
      event: changed ? toConversationEventDto(changed.event) : null,
    };
  });
};

const SYSTEM: Actor = { kind: 'system' };

/**
 * The pipeline's automatic moves, inside the transaction of what caused them (actor `system`):
 * an outbound message moves a NEW lead to CONTACTED; a scheduled tour moves a NEW or CONTACTED
 * lead to TOUR_SCHEDULED; a canceled tour moves a TOUR_SCHEDULED lead back to CONTACTED. A lead
 * further on (applied, leased, lost) is never moved back by an event.
 */
const AUTOMATIC_MOVES = {
  outbound: { from: ['NEW'], to: 'CONTACTED' },
  tourScheduled: { from: ['NEW', 'CONTACTED'], to: 'TOUR_SCHEDULED' },
  tourCanceled: { from: ['TOUR_SCHEDULED'], to: 'CONTACTED' },
} as const satisfies Record<string, { from: readonly LeadStatus[]; to: LeadStatus }>;

export type AutomaticMove = keyof typeof AUTOMATIC_MOVES;

export const moveAutomatically = async (
  scope: RecordingScope,
  leadId: string,
  move: AutomaticMove,
  now: Date,
): Promise<void> => {
  const { from, to } = AUTOMATIC_MOVES[move];
  const lead = await lockLead(scope.db, leadId);
  if (!lead || !(from as readonly LeadStatus[]).includes(lead.status)) return;
  await applyChange(scope, lead, { after: to }, SYSTEM, now);
};

/** Which automatic move a new timeline event means, if any. */
export const automaticMoveOfTimelineEvent = async (
  db: Db,
  timelineEventId: string,
): Promise<AutomaticMove | null> => {
  const kind = await findTimelineEventKind(db, timelineEventId);
  if (!kind) return null;
  switch (kind.eventType) {
    case 'SMS':
    case 'EMAIL':
      return kind.senderType === 'LEAD' ? null : 'outbound';
    case 'SCHEDULED_TOUR_APPOINTMENT':
      return 'tourScheduled';
    case 'CANCELED_TOUR_APPOINTMENT':
      return 'tourCanceled';
    default:
      return null;
  }
};

const toLostReason = (row: LostReasonRow): LostReason => ({ _id: row.id, name: row.name });

export const listLostReasons = async (db: Db, companyId: string): Promise<LostReasonList> => ({
  items: (await listLostReasonRows(db, companyId)).map(toLostReason),
});

const nameTaken = () =>
  new HttpError('LOST_REASON_EXISTS', 'A reason with this name already exists.', {}, [
    { path: 'body.name', message: 'A reason with this name already exists' },
  ]);

/** An admin's change of the list, with its audit row (`lost_reason.changed`). */
const recordReasonChange = (
  record: RecordingScope['record'],
  principal: Principal,
  reason: LostReasonRow,
  change: 'added' | 'renamed' | 'removed',
  before?: string,
) =>
  record(
    domainEvent('lost_reason.changed', {
      companyId: principal.companyId,
      reasonId: reason.id,
      name: reason.name,
      change,
      ...(before === undefined ? {} : { before }),
      actor: userActor(principal),
    }),
  );

export const addLostReason = (
  events: EventPort,
  principal: Principal,
  name: string,
): Promise<LostReason> =>
  events.transaction(async ({ db, record }) => {
    const row = await insertLostReason(db, principal.companyId, name);
    if (!row) throw nameTaken();
    recordReasonChange(record, principal, row, 'added');
    return toLostReason(row);
  });

export const changeLostReasonName = (
  events: EventPort,
  principal: Principal,
  reasonId: string,
  name: string,
): Promise<LostReason> =>
  events.transaction(async ({ db, record }) => {
    const reason = await findLostReason(db, principal.companyId, reasonId);
    if (!reason) throw notFound('Lost reason');
    const sameName = await findLostReasonByName(db, principal.companyId, name);
    if (sameName && sameName.id !== reason.id) throw nameTaken();
    if (reason.name === name) return toLostReason(reason);
    const [row] = await renameLostReason(db, reason.id, name);
    const renamed = row ?? reason;
    recordReasonChange(record, principal, renamed, 'renamed', reason.name);
    return toLostReason(renamed);
  });

/** Leads lost for a removed reason keep naming it; it is no longer offered. */
export const deleteLostReason = (
  deps: LeadStatusDeps,
  principal: Principal,
  reasonId: string,
): Promise<void> =>
  deps.events.transaction(async ({ db, record }) => {
    const reason = await findLostReason(db, principal.companyId, reasonId);
    if (!reason) throw notFound('Lost reason');
    await removeLostReason(db, reason.id, deps.now());
    recordReasonChange(record, principal, reason, 'removed');
  });
