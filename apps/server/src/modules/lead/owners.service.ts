import {
  ASSISTANT_OWNER_LABEL,
  UNASSIGNED_OWNER_LABEL,
  type AssignmentRule,
  type BulkAssignResponse,
  type LeadOwner,
  type LeadSummary,
  type OwnerChoice,
  type StaffMember,
  type UpdateAssignmentRuleRequest,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { LeadRow } from '../../db/schema/index.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort, RecordingScope } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import type { Principal } from '../../lib/principal.js';
import { getCompanyLead, leadOwnerOf, toLeadSummary } from './leads.service.js';
import { getCompanyProperty } from '../company/index.js';
import { appendTimelineEvent } from '../conversation/index.js';
import {
  findActiveStaffByEmail,
  findActiveStaffMember,
  listActiveStaff,
  listAssignmentRules,
  lockCompanyLeads,
  saveAssignmentRule,
  setLeadOwner,
  takeNextRoundRobinAgent,
} from './owners.repository.js';

export type OwnersScope = { db: Db; events: EventPort; now: Clock };

/** How the timeline and notifications name an owner. */
export const ownerLabel = (owner: LeadOwner) =>
  owner.kind === 'user'
    ? owner.name
    : owner.kind === 'assistant'
      ? ASSISTANT_OWNER_LABEL
      : UNASSIGNED_OWNER_LABEL;

const sameOwner = (a: LeadOwner, b: LeadOwner) =>
  a.kind === b.kind && (a.kind !== 'user' || (b.kind === 'user' && a.userId === b.userId));

const ownerColumns = (
  owner: LeadOwner,
): Pick<LeadRow, 'ownerKind' | 'ownerUserId' | 'ownerName'> =>
  owner.kind === 'user'
    ? { ownerKind: 'user', ownerUserId: owner.userId, ownerName: owner.name }
    : { ownerKind: owner.kind, ownerUserId: null, ownerName: null };

/** "Assigned to Alex Kim by Dana Whitfield", "Handed back to the assistant by …", "Unassigned by …". */
const timelineText = (owner: LeadOwner, byName: string | null) => {
  const by = byName ? ` by ${byName}` : '';
  if (owner.kind === 'assistant') return `Handed to the assistant${by}`;
  if (owner.kind === 'unassigned') return `Unassigned${by}`;
  return `Assigned to ${owner.name}${by}`;
};

const actorName = (actor: Actor) => (actor.kind === 'user' ? actor.name : null);

/** The owner a choice names; 400 naming `path` when the person is not an active staff member. */
const resolveChoice = async (
  db: Db,
  companyId: string,
  choice: OwnerChoice,
  path: string,
): Promise<LeadOwner> => {
  if (choice.kind !== 'user') return { kind: choice.kind };
  const user = await findActiveStaffMember(db, companyId, choice.userId);
  if (!user) throw badRequest(`${path}.userId`, 'is not an active member of your team');
  return { kind: 'user', userId: user.id, name: user.name };
};

const NOT_YOURS = new HttpError(
  'FORBIDDEN',
  "Only managers and admins can reassign a colleague's lead.",
);

/**
 * Agents take leads nobody (or the assistant) works and hand on their own; managers and admins
 * reassign anyone's. An agent taking a lead may only take it for themselves.
 */
const checkMayAssign = (principal: Principal, lead: LeadRow, owner: LeadOwner) => {
  if (principal.role !== 'agent') return;
  if (lead.ownerKind === 'user' && lead.ownerUserId !== principal.id) throw NOT_YOURS;
  if (
    lead.ownerUserId !== principal.id &&
    !(owner.kind === 'user' && owner.userId === principal.id)
  )
    throw NOT_YOURS;
};

/**
 * Gives a (locked) lead its new owner inside the caller's transaction: the row, a timeline event
 * and `lead.assigned`. Answers the lead unchanged when it already has that owner.
 */
export const applyOwner = async (
  { db, record }: RecordingScope,
  lead: LeadRow,
  owner: LeadOwner,
  actor: Actor,
  now: Date,
): Promise<LeadRow> => {
  const previousOwner = leadOwnerOf(lead);
  if (sameOwner(previousOwner, owner)) return lead;
  const updated = await setLeadOwner(db, lead.id, ownerColumns(owner));
  const event = await appendTimelineEvent(db, {
    companyId: lead.companyId,
    leadId: lead.id,
    eventType: 'OWNER_CHANGED',
    date: now,
    body: timelineText(owner, actorName(actor)),
    senderType: 'SYSTEM',
    eventByUserName: actorName(actor),
    data: { owner, previousOwner },
  });
  record(
    domainEvent('lead.assigned', {
      companyId: lead.companyId,
      leadId: lead.id,
      owner,
      previousOwner,
      timelineEventId: event.id,
      actor,
    }),
  );
  return updated;
};

const userActorOf = (principal: Principal): Actor => ({
  kind: 'user',
  userId: principal.id,
  name: principal.name,
});

/** `PUT /api/leads/:leadId/owner`: answers the lead's summary with its new owner. */
export const assignLead = async (
  { db, events, now }: OwnersScope,
  principal: Principal,
  leadId: string,
  choice: OwnerChoice,
): Promise<LeadSummary> => {
  await getCompanyLead(db, principal.companyId, leadId);
  const owner = await resolveChoice(db, principal.companyId, choice, 'body.owner');
  return events.transaction(async (scope) => {
    const [lead] = await lockCompanyLeads(scope.db, principal.companyId, [leadId]);
    if (!lead) throw notFound('Lead');
    checkMayAssign(principal, lead, owner);
    return toLeadSummary(await applyOwner(scope, lead, owner, userActorOf(principal), now()));
  });
};

/** `POST /api/leads/owner`: one owner for several leads, all or nothing. */
export const assignLeads = async (
  { db, events, now }: OwnersScope,
  principal: Principal,
  leadIds: string[],
  choice: OwnerChoice,
): Promise<BulkAssignResponse> => {
  const ids = [...new Set(leadIds)];
  const owner = await resolveChoice(db, principal.companyId, choice, 'body.owner');
  return events.transaction(async (scope) => {
    const locked = await lockCompanyLeads(scope.db, principal.companyId, ids);
    // Another company's lead answers like an unknown one, and nothing changes.
    if (locked.length !== ids.length) throw notFound('Lead');
    for (const lead of locked) checkMayAssign(principal, lead, owner);
    const at = now();
    let changed = 0;
    for (const lead of locked) {
      const updated = await applyOwner(scope, lead, owner, userActorOf(principal), at);
      if (updated !== lead) changed += 1;
    }
    return { changed };
  });
};

/**
 * The owner an integration names: a staff member by email (400 naming `body.owner.staffEmail`
 * when there is no such active person), the assistant, or nobody.
 */
export const resolveIntegrationOwner = async (
  db: Db,
  companyId: string,
  owner: { staffEmail: string } | 'assistant' | 'unassigned',
): Promise<LeadOwner> => {
  if (owner === 'assistant' || owner === 'unassigned') return { kind: owner };
  const user = await findActiveStaffByEmail(db, companyId, owner.staffEmail);
  if (!user) throw badRequest('body.owner.staffEmail', 'is not an active member of your team');
  return { kind: 'user', userId: user.id, name: user.name };
};

/**
 * A new lead's owner from its property's round robin, inside the transaction that created it:
 * the next signed-in person of the rule, or nobody (the lead stays Unassigned).
 */
export const autoAssignNewLead = async (
  scope: RecordingScope,
  lead: LeadRow,
  now: Date,
): Promise<LeadRow> => {
  if (lead.ownerKind !== 'unassigned') return lead;
  const next = await takeNextRoundRobinAgent(scope.db, lead.propertyId, now);
  if (!next) return lead;
  return applyOwner(
    scope,
    lead,
    { kind: 'user', userId: next.id, name: next.name },
    { kind: 'system' },
    now,
  );
};

export const listStaff = async (db: Db, principal: Principal): Promise<StaffMember[]> =>
  (await listActiveStaff(db, principal.companyId)).map((user) => ({
    _id: user.id,
    name: user.name,
    role: user.role,
  }));

export const getAssignmentRules = (db: Db, principal: Principal): Promise<AssignmentRule[]> =>
  listAssignmentRules(db, principal.companyId);

export const updateAssignmentRule = async (
  { db, events }: OwnersScope,
  principal: Principal,
  propertyId: string,
  input: UpdateAssignmentRuleRequest,
): Promise<AssignmentRule> => {
  const property = await getCompanyProperty(db, principal.companyId, propertyId);
  const agentIds = [...new Set(input.agentIds)];
  for (const [index, userId] of agentIds.entries()) {
    if (!(await findActiveStaffMember(db, principal.companyId, userId))) {
      throw badRequest(`body.agentIds.${index}`, 'is not an active member of your team');
    }
  }
  if (input.roundRobin && agentIds.length === 0) {
    throw badRequest('body.agentIds', 'choose at least one person for the round robin');
  }
  await events.transaction(async ({ db: tx, record }) => {
    await saveAssignmentRule(tx, {
      companyId: principal.companyId,
      propertyId: property.id,
      roundRobin: input.roundRobin,
      agentIds,
    });
    record(
      domainEvent('assignment_rule.changed', {
        companyId: principal.companyId,
        propertyId: property.id,
        roundRobin: input.roundRobin,
        agentIds,
        actor: userActorOf(principal),
      }),
    );
  });
  return {
    propertyId: property.id,
    propertyName: property.name,
    roundRobin: input.roundRobin,
    agentIds,
  };
};
