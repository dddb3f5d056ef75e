import {
  QUIET_HOURS_CODE,
  SEND_NOW_FORBIDDEN_MESSAGE,
  type LeadTimeZone,
  type QuietHoursError,
  type QuietHoursPolicy,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { allowedWindowAt, formatLocalTime } from './allowed-window.js';
import { leadLocationOf } from './lead-location.js';
import { setQuietHoursPolicy } from '../company/index.js';
import { findCompanyPolicy, findLeadQuietHoursFacts } from './quiet-hours.repository.js';

export type QuietHoursDeps = { db: Db; events: EventPort };

export const getQuietHoursPolicy = async (db: Db, companyId: string): Promise<QuietHoursPolicy> => {
  const policy = await findCompanyPolicy(db, companyId);
  if (!policy) throw notFound('Company');
  return policy;
};

/** Settings → Quiet hours: the company's policy, audited as `quiet_hours.changed`. */
export const updateQuietHoursPolicy = async (
  deps: QuietHoursDeps,
  companyId: string,
  policy: QuietHoursPolicy,
  actor: Actor,
): Promise<QuietHoursPolicy> => {
  await deps.events.transaction(async ({ db, record }) => {
    const before = await getQuietHoursPolicy(db, companyId);
    await setQuietHoursPolicy(db, companyId, policy);
    record(domainEvent('quiet_hours.changed', { companyId, before, after: policy, actor }));
  });
  return getQuietHoursPolicy(deps.db, companyId);
};

/** The lead's local time zone as the pane shows it. */
export const leadTimeZoneOf = async (lead: {
  timeZone: string | null;
  phone: string | null;
  propertyTimeZone: string;
}): Promise<LeadTimeZone> => (await leadLocationOf(lead)).timeZone;

/** Where a text to the lead stands now: allowed, or held until `nextAllowedAt`. */
export type LeadWindow = {
  allowed: boolean;
  nextAllowedAt: Date;
  localTime: string;
  zone: string;
  zoneLabel: string;
  leadFirstName: string;
  canSendNow: boolean;
};

/**
 * Quiet hours of a text to the lead at `now` (the company's policy in the lead's zone). With
 * `companyId`, another company's lead answers as an unknown one.
 */
/** The lead's quiet-hours policy and where they are (their zone and state); 404 for another company's. */
export const leadQuietHoursOf = async (db: Db, leadId: string, companyId?: string) => {
  const facts = await findLeadQuietHoursFacts(db, leadId);
  if (!facts || (companyId !== undefined && facts.companyId !== companyId)) throw notFound('Lead');
  const { timeZone, state } = await leadLocationOf({
    timeZone: facts.timeZone,
    phone: facts.phone,
    propertyTimeZone: facts.propertyTimeZone ?? facts.companyTimeZone,
  });
  return { facts, timeZone, state };
};

export const leadWindowAt = async (
  db: Db,
  leadId: string,
  now: Date,
  companyId?: string,
): Promise<LeadWindow> => {
  const { facts, timeZone, state } = await leadQuietHoursOf(db, leadId, companyId);
  const window = allowedWindowAt(facts.policy, timeZone.zone, state, now);
  return {
    ...window,
    zone: timeZone.zone,
    zoneLabel: timeZone.label,
    leadFirstName: facts.name.trim().split(/\s+/)[0] ?? facts.name,
    canSendNow: facts.policy.allowSendNow,
  };
};

/** The 409 of a held text: what the composer asks about. */
const quietHoursError = (window: LeadWindow) => {
  const extra: Omit<QuietHoursError, 'code' | 'message'> = {
    leadFirstName: window.leadFirstName,
    localTime: window.localTime,
    zoneLabel: window.zoneLabel,
    timeZone: window.zone,
    nextAllowedAt: window.nextAllowedAt.toISOString(),
    nextAllowedLocal: formatLocalTime(window.nextAllowedAt, window.zone),
    canSendNow: window.canSendNow,
  };
  return new HttpError(
    QUIET_HOURS_CODE,
    `It's ${window.localTime} ${window.zoneLabel} for ${window.leadFirstName}: outside the allowed hours for texts.`,
    {},
    [],
    extra,
  );
};

/** A text sent outside the allowed hours on purpose ('Send now'): what its audit row says. */
export type QuietHoursOverride = { localTime: string; zone: string };

/**
 * Before a staff member's text is stored: 409 `QUIET_HOURS` outside the lead's allowed hours
 * unless `override`; 403 for an override the policy forbids. Answers the override that was used
 * (for the audit row), or null when the text is within the hours.
 */
export const checkStaffSmsWindow = async (
  db: Db,
  leadId: string,
  { now, override }: { now: Date; override: boolean },
): Promise<QuietHoursOverride | null> => {
  const window = await leadWindowAt(db, leadId, now);
  if (window.allowed) return null;
  if (!override) throw quietHoursError(window);
  if (!window.canSendNow) throw new HttpError('SEND_NOW_FORBIDDEN', SEND_NOW_FORBIDDEN_MESSAGE);
  return { localTime: window.localTime, zone: window.zone };
};

/** Records, in the send's transaction, that a text went out during quiet hours on purpose. */
export const quietHoursOverridden = (
  message: { companyId: string; leadId: string; messageId: string },
  override: QuietHoursOverride,
  actor: Actor,
) => domainEvent('quiet_hours.overridden', { ...message, ...override, actor });
