import type PgBoss from 'pg-boss';
import {
  DEFAULT_WEEK_HOURS,
  type OfficeHoursSettings,
  type PropertyOfficeHours,
  type PropertyOfficeHoursUpdate,
} from '@leasing/contract';
import type { Db, TransactionScope } from '../../db/client.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { setFirstReplyTarget, setPropertyOfficeHours } from '../company/index.js';
import {
  addBusinessMinutes,
  businessMinutesBetween,
  speedToLeadOf,
  type OfficeRules,
} from './business-time.js';
import {
  completeFirstResponse,
  findCompany,
  findFirstResponseOfEvent,
  findLeadWithRules,
  listCompanyPropertyRules,
  listUnbreachedWaitingLeads,
  type PropertyRulesRow,
} from './office-hours.repository.js';

export { speedToLeadOf, type OfficeRules };

export const SPEED_TO_LEAD_QUEUE = 'speed-to-lead-check';
export type SpeedToLeadJob = { leadId: string; waitingSince: string };

export type OfficeHoursDeps = { db: Db; events: EventPort; queue: PgBoss; now: Clock };

/** A lead waiting longer than this when the rules change has long breached any target: not re-checked. */
const RESCHEDULE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** A property's office rules: its own zone or the company's, its hours or the default ones. */
export const officeRulesOf = (
  row: Pick<
    PropertyRulesRow,
    'propertyTimeZone' | 'officeHours' | 'companyTimeZone' | 'targetMinutes'
  >,
): OfficeRules => ({
  timeZone: row.propertyTimeZone ?? row.companyTimeZone,
  hours: row.officeHours ?? DEFAULT_WEEK_HOURS,
  targetMinutes: row.targetMinutes,
});

/** The office rules of each of the company's properties (for a page of the inbox). */
export const loadCompanyOfficeRules = async (
  db: Db,
  companyId: string,
): Promise<Map<string, OfficeRules>> =>
  new Map(
    (await listCompanyPropertyRules(db, companyId)).map((row) => [
      row.propertyId,
      officeRulesOf(row),
    ]),
  );

/** The office rules of the lead's property. */
export const loadLeadOfficeRules = async (db: Db, leadId: string) => {
  const found = await findLeadWithRules(db, leadId);
  return found ? officeRulesOf(found) : undefined;
};

const toPropertyOfficeHours = (row: PropertyRulesRow): PropertyOfficeHours => ({
  propertyId: row.propertyId,
  name: row.propertyName,
  timeZone: row.propertyTimeZone ?? row.companyTimeZone,
  ownTimeZone: row.propertyTimeZone,
  hours: row.officeHours ?? DEFAULT_WEEK_HOURS,
});

/** Settings → Office hours: the company's first-reply target and each property's hours. */
export const getOfficeHoursSettings = async (
  db: Db,
  companyId: string,
): Promise<OfficeHoursSettings> => {
  const company = await findCompany(db, companyId);
  if (!company) throw notFound('Company');
  const rows = await listCompanyPropertyRules(db, companyId);
  return {
    firstReplyTargetMinutes: company.firstReplyTargetMinutes,
    companyTimeZone: company.timeZone,
    properties: rows.map(toPropertyOfficeHours),
  };
};

export const updateResponseTarget = async (
  deps: OfficeHoursDeps,
  companyId: string,
  minutes: number,
  actor: Actor,
): Promise<OfficeHoursSettings> => {
  await deps.events.transaction(async (scope) => {
    const { db, record } = scope;
    const company = await findCompany(db, companyId);
    if (!company) throw notFound('Company');
    if (company.firstReplyTargetMinutes === minutes) return;
    await setFirstReplyTarget(db, companyId, minutes);
    await rescheduleSpeedToLeadChecks(scope, deps, companyId);
    record(
      domainEvent('response_target.changed', {
        companyId,
        before: company.firstReplyTargetMinutes,
        after: minutes,
        actor,
      }),
    );
  });
  return getOfficeHoursSettings(deps.db, companyId);
};

export const updatePropertyOfficeHours = async (
  deps: OfficeHoursDeps,
  companyId: string,
  propertyId: string,
  update: PropertyOfficeHoursUpdate,
  actor: Actor,
): Promise<PropertyOfficeHours> => {
  await deps.events.transaction(async (scope) => {
    const { db, record } = scope;
    const row = (await listCompanyPropertyRules(db, companyId)).find(
      (candidate) => candidate.propertyId === propertyId,
    );
    // Another company's property answers as an unknown one.
    if (!row) throw notFound('Property');
    await setPropertyOfficeHours(db, propertyId, {
      timeZone: update.timeZone,
      officeHours: update.hours,
    });
    await rescheduleSpeedToLeadChecks(scope, deps, companyId, propertyId);
    record(
      domainEvent('office_hours.changed', {
        companyId,
        propertyId,
        before: { timeZone: row.propertyTimeZone, hours: row.officeHours ?? DEFAULT_WEEK_HOURS },
        after: { timeZone: update.timeZone, hours: update.hours },
        actor,
      }),
    );
  });
  const row = (await listCompanyPropertyRules(deps.db, companyId)).find(
    (candidate) => candidate.propertyId === propertyId,
  );
  return toPropertyOfficeHours(row!);
};

/* ---------- speed-to-lead ---------- */

/**
 * Inside the transaction that stored a lead's message: when the lead now waits for a reply, a job
 * is queued for the moment the waiting stretch reaches the target (in office hours). One job per
 * stretch (the singleton key); queued with the transaction, so it exists exactly when the message
 * does.
 */
export const scheduleSpeedToLeadCheck = async (
  scope: TransactionScope,
  queue: PgBoss,
  leadId: string,
) => {
  const found = await findLeadWithRules(scope.db, leadId);
  const waitingSince = found?.lead.awaitingSince;
  if (!found || !waitingSince || !found.lead.needsReply) return;
  if (found.lead.speedToLeadNotifiedFor?.getTime() === waitingSince.getTime()) return;
  const breachAt = addBusinessMinutes(waitingSince, found.targetMinutes, officeRulesOf(found));
  if (!breachAt) return;
  await queue.send(
    SPEED_TO_LEAD_QUEUE,
    { leadId, waitingSince: waitingSince.toISOString() } satisfies SpeedToLeadJob,
    {
      startAfter: breachAt,
      singletonKey: `${leadId}:${waitingSince.toISOString()}`,
      retryLimit: 5,
      db: scope.sql,
    },
  );
};

/**
 * In the transaction that changed a target or office hours: every lead still waiting (for at most a
 * week) and not yet breached gets a check at its moment under the new rules. A check queued under
 * the old rules still fires and finds nothing to do (or re-queues itself), and the claim publishes
 * each breach once, so only a moment that came EARLIER needs this — a lowered target, a shorter day.
 */
const rescheduleSpeedToLeadChecks = async (
  scope: TransactionScope,
  deps: Pick<OfficeHoursDeps, 'queue' | 'now'>,
  companyId: string,
  propertyId?: string,
) => {
  const since = new Date(deps.now().getTime() - RESCHEDULE_WINDOW_MS);
  const waiting = await listUnbreachedWaitingLeads(scope.db, companyId, propertyId, since);
  const jobs = waiting.flatMap((row) => {
    const breachAt =
      row.awaitingSince &&
      addBusinessMinutes(row.awaitingSince, row.targetMinutes, officeRulesOf(row));
    if (!row.awaitingSince || !breachAt) return [];
    const waitingSince = row.awaitingSince.toISOString();
    return [
      {
        name: SPEED_TO_LEAD_QUEUE,
        data: { leadId: row.leadId, waitingSince } satisfies SpeedToLeadJob,
        startAfter: breachAt,
        singletonKey: `${row.leadId}:${waitingSince}:${breachAt.toISOString()}`,
        retryLimit: 5,
      },
    ];
  });
  if (jobs.length > 0) await deps.queue.insert(jobs, { db: scope.sql });
};

/**
 * The scheduled check, re-done when it fires, in the caller's transaction: the lead must still wait
 * since the same moment and the target (with today's rules and clock) must be reached. Answers the
 * rules then (the lead module claims the breach and publishes it, once per waiting stretch); a
 * check that fires early (the target was raised) queues itself again for the new moment.
 */
export const speedToLeadBreachDue = async (
  scope: TransactionScope,
  deps: Pick<OfficeHoursDeps, 'queue' | 'now'>,
  job: SpeedToLeadJob,
): Promise<OfficeRules | undefined> => {
  const waitingSince = new Date(job.waitingSince);
  const found = await findLeadWithRules(scope.db, job.leadId);
  if (!found || found.lead.awaitingSince?.getTime() !== waitingSince.getTime()) return undefined;
  const rules = officeRulesOf(found);
  const state = speedToLeadOf(waitingSince, deps.now(), rules);
  if (!state) return undefined;
  if (state.state !== 'red') {
    await deps.queue.send(SPEED_TO_LEAD_QUEUE, job, {
      startAfter: new Date(state.dueAt),
      singletonKey: `${job.leadId}:${job.waitingSince}:${state.dueAt}`,
      retryLimit: 5,
      db: scope.sql,
    });
    return undefined;
  }
  return rules;
};

/**
 * Inside the transaction of a reply that ended a waiting stretch: who answered (a key, when a key
 * sent it) and how many office-hours minutes the lead waited, on the row the trigger wrote.
 */
export const completeFirstResponseOf = async (
  db: Db,
  reply: { leadId: string; timelineEventId: string; actor: Actor },
) => {
  const row = await findFirstResponseOfEvent(db, reply.timelineEventId);
  if (!row) return;
  const rules = await loadLeadOfficeRules(db, reply.leadId);
  await completeFirstResponse(db, row.id, {
    businessMinutes: rules
      ? Math.round(businessMinutesBetween(row.firstInboundAt, row.firstResponseAt, rules))
      : null,
    ...(reply.actor.kind === 'api-key'
      ? {
          responderKind: 'api-key',
          responderApiKeyId: reply.actor.apiKeyId,
          responderUserId: reply.actor.actingAsUserId ?? null,
        }
      : {}),
  });
};
