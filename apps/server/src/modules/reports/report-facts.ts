import type { LeadStatus } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { LeadReportFactsRow } from '../../db/schema/index.js';
import type { PublishedEvent } from '../../events/event-port.js';
import { findTimelineEventFacts } from '../conversation/index.js';
import {
  businessMinutesBetween,
  loadCompanyOfficeRules,
  loadLeadOfficeRules,
  type OfficeRules,
} from '../scheduling/index.js';
import {
  listAnsweredFactsOfProperty,
  listUncountedAnsweredFacts,
  lockLeadFacts,
  setOfficeMinutes,
  updateLeadFacts,
  type LeadFactsChange,
} from './report-facts.repository.js';

/**
 * The facts the reports count, kept one change at a time inside the change's transaction (the
 * rules `rebuildLeadFacts` applies to a whole history at once; a test keeps the two equal):
 * - the lead's first message (SMS, email or call) starts the speed-to-lead clock; the team's
 *   first message after it (a person's or the assistant's; a scheduled one when it leaves) is the
 *   first response, its wait counted in the property's office hours;
 * - any message from the team contacts the lead; those before a tour was first scheduled are its
 *   touches;
 * - each pipeline step records when the lead first reached it, and a step skipped is passed on the
 *   date of the later one; lost is set while the lead is lost, with its reason.
 */

const STEP_COLUMNS = [
  ['CONTACTED', 'contactedAt'],
  ['TOUR_SCHEDULED', 'tourScheduledAt'],
  ['TOURED', 'touredAt'],
  ['APPLIED', 'appliedAt'],
  ['LEASED', 'leasedAt'],
] as const satisfies readonly (readonly [LeadStatus, keyof LeadReportFactsRow])[];

const MESSAGE_TYPES = new Set(['SMS', 'EMAIL', 'CALL']);

const officeMinutes = (from: Date, to: Date, rules: OfficeRules | undefined) =>
  rules ? businessMinutesBetween(from, to, rules) : null;

type MessageFacts = NonNullable<Awaited<ReturnType<typeof findTimelineEventFacts>>>;

/** A new timeline event of the lead: an inbound or outbound message moves its facts. */
export const recordTimelineEventFacts = async (db: Db, timelineEventId: string) => {
  const event = await findTimelineEventFacts(db, timelineEventId);
  if (!event || !MESSAGE_TYPES.has(event.eventType)) return;
  // A scheduled message is no message yet: it counts when it leaves (`message.released`).
  if (event.sendingStatus === 'SCHEDULED' || event.sendingStatus === 'CANCELED') return;
  // A call the team placed counts when the lead answers it (`recordCallAnsweredFacts`).
  if (event.eventType === 'CALL' && event.callDirection === 'outbound') return;
  await applyMessageFacts(db, event);
};

/**
 * A console call was answered (once per call): the agent's call to the lead counts as their
 * message, dated when placed; a lead's call answered by a forwarding number is the team's
 * response, dated when it came in.
 */
export const recordCallAnsweredFacts = async (db: Db, timelineEventId: string) => {
  const event = await findTimelineEventFacts(db, timelineEventId);
  if (!event || event.eventType !== 'CALL' || event.callOutcome !== 'answered') return;
  if (event.callDirection === 'outbound') await applyMessageFacts(db, event);
  else if (event.callDirection === 'inbound')
    await applyMessageFacts(db, { ...event, senderType: 'USER', sentByUserId: null });
};

const applyMessageFacts = async (db: Db, event: MessageFacts) => {
  const inbound = event.senderType === 'LEAD';
  if (!inbound && event.senderType !== 'USER' && event.senderType !== 'ASSISTANT') return;
  const facts = await lockLeadFacts(db, event.leadId);
  if (!facts) return;
  const at = event.date;
  const change: LeadFactsChange = {};
  if (inbound) {
    if (!facts.firstInboundAt || at < facts.firstInboundAt) change.firstInboundAt = at;
  } else {
    if (!facts.contactedAt || at < facts.contactedAt) change.contactedAt = at;
    if (!facts.lastOutboundAt || at > facts.lastOutboundAt) change.lastOutboundAt = at;
    if (!facts.tourScheduledAt) change.touchesBeforeTour = facts.touchesBeforeTour + 1;
    if (facts.firstInboundAt && !facts.firstResponseAt && at >= facts.firstInboundAt) {
      change.firstResponseAt = at;
      change.firstResponderKind = event.senderType === 'ASSISTANT' ? 'assistant' : 'user';
      change.firstResponderUserId = event.sentByUserId;
      change.firstResponseOfficeMinutes = officeMinutes(
        facts.firstInboundAt,
        at,
        await loadLeadOfficeRules(db, event.leadId),
      );
    }
  }
  await updateLeadFacts(db, event.leadId, change);
};

/** The lead moved in the pipeline: the steps it reached (and the ones it skipped), or lost. */
export const recordStatusFacts = async (db: Db, event: PublishedEvent<'lead.status_changed'>) => {
  const facts = await lockLeadFacts(db, event.leadId);
  if (!facts) return;
  // The moment on the timeline (a rebuild reads the same one).
  const at = (await findTimelineEventFacts(db, event.timelineEventId))?.date ?? event.occurredAt;
  const change: LeadFactsChange = {};
  const reached = STEP_COLUMNS.findIndex(([status]) => status === event.after);
  STEP_COLUMNS.forEach(([, column], index) => {
    if (index <= reached && !facts[column]) change[column] = at;
  });
  if (event.after === 'LOST') {
    change.lostAt = at;
    change.lostReason = event.lostReason ?? null;
  } else if (facts.lostAt) {
    change.lostAt = null;
    change.lostReason = null;
  }
  if (event.tourOutcome) change.tourOutcome = event.tourOutcome;
  await updateLeadFacts(db, event.leadId, change);
};

/** A property's office hours changed: every answered lead's wait is counted under the new ones. */
export const recountPropertyOfficeMinutes = async (
  db: Db,
  companyId: string,
  propertyId: string,
) => {
  const rules = (await loadCompanyOfficeRules(db, companyId)).get(propertyId);
  const rows = await listAnsweredFactsOfProperty(db, propertyId);
  await setOfficeMinutes(
    db,
    rows.map((row) => ({
      leadId: row.leadId,
      minutes:
        row.firstInboundAt && row.firstResponseAt
          ? officeMinutes(row.firstInboundAt, row.firstResponseAt, rules)
          : null,
    })),
  );
};

const BATCH = 2_000;

/** Counts the office-hours wait of answered leads that have none yet (after a rebuild). */
export const completeOfficeMinutes = async (db: Db) => {
  const rulesByCompany = new Map<string, Map<string, OfficeRules>>();
  for (;;) {
    const rows = await listUncountedAnsweredFacts(db, BATCH);
    if (rows.length === 0) return;
    const computed = [];
    for (const row of rows) {
      let rules = rulesByCompany.get(row.companyId);
      if (!rules) {
        rules = await loadCompanyOfficeRules(db, row.companyId);
        rulesByCompany.set(row.companyId, rules);
      }
      const propertyRules = rules.get(row.propertyId);
      // A property with no open hour at all counts wall-clock minutes, not nothing.
      computed.push({
        leadId: row.leadId,
        minutes: officeMinutes(row.firstInboundAt!, row.firstResponseAt!, propertyRules) ?? 0,
      });
    }
    await setOfficeMinutes(db, computed);
    if (rows.length < BATCH) return;
  }
};
