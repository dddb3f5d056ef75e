import type {
  ContactChangeData,
  LeadSourceResponse,
  UpdateLeadDetailsRequest,
  UpdateLeadDetailsResponse,
} from '@leasing/contract';
import type { LeadRow } from '../../db/schema/index.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { formatPhone, toE164 } from '../../lib/phone-numbers.js';
import { userActor, type Principal } from '../../lib/principal.js';
import { isOptedOutAddress, recordConsentChange } from './consent.service.js';
import { toLeadSummary } from './leads.service.js';
import { appendTimelineEvent } from '../conversation/index.js';
import { lockLeadRow, updateLeadRow } from './lead-details.repository.js';
import { findLeadSource, setLeadSourceId } from './lead-sources.repository.js';
import { leadSourceRefOf, toLeadSourceRef } from './lead-sources.service.js';

export type LeadDetailsDeps = { events: EventPort; now: Clock };

type Field = ContactChangeData['changes'][number]['field'];
const fieldWords: Record<Field, string> = { name: 'Name', phone: 'Phone', email: 'Email' };

const shown = (field: Field, value: string | null) =>
  value === null ? 'nothing' : field === 'phone' ? formatPhone(value) : value;

/** "Phone changed from (512) 555-0101 to (512) 555-0199 by Dana Whitfield" (one line per field). */
const bodyOf = (changes: ContactChangeData['changes'], by: string) =>
  changes
    .map(({ field, before, after }) =>
      after === null
        ? `${fieldWords[field]} ${shown(field, before)} removed by ${by}`
        : before === null
          ? `${fieldWords[field]} ${shown(field, after)} added by ${by}`
          : `${fieldWords[field]} changed from ${shown(field, before)} to ${shown(field, after)} by ${by}`,
    )
    .join('\n');

/** The request's phone as E.164 (US unless it starts with +); a 400 naming the field otherwise. */
const phoneOf = (raw: string | null | undefined) => {
  if (raw === undefined || raw === null) return raw;
  const e164 = toE164(raw);
  if (!e164)
    throw badRequest(
      'body.phone',
      'is not a phone number; write it like (512) 555-0100 or +44 7911 123456',
    );
  return e164;
};

/**
 * A person corrects the lead's name, phone or email: the row, a CONTACT_CHANGE event on the
 * timeline and `lead.updated` (audited, live), all in one transaction. A new number or address
 * takes its standing from the company's opt-out register (out if it ever opted out and did not
 * opt back in; otherwise no indication: an opt-in does not carry over), and a new address is not
 * marked bounced. Fields equal to what is stored change nothing.
 */
export const updateLeadDetails = async (
  deps: LeadDetailsDeps,
  principal: Principal,
  leadId: string,
  request: UpdateLeadDetailsRequest,
): Promise<UpdateLeadDetailsResponse> => {
  const phone = phoneOf(request.phone);
  const email =
    request.email === undefined || request.email === null
      ? request.email
      : request.email.toLowerCase();
  return deps.events.transaction(async ({ db, record }) => {
    const lead = await lockLeadRow(db, leadId);
    if (!lead) throw notFound('Lead');
    if (lead.companyId !== principal.companyId) throw forbidden();

    const wanted: Record<Field, string | null | undefined> = { name: request.name, phone, email };
    const changes = (Object.keys(wanted) as Field[]).flatMap((field) => {
      const after = wanted[field];
      const before = lead[field];
      return after === undefined || after === before ? [] : [{ field, before, after }];
    });
    if (changes.length === 0) return { lead: toLeadSummary(lead), eventId: null };

    const values: Parameters<typeof updateLeadRow>[2] = {};
    for (const { field, after } of changes) {
      if (field === 'name') values.name = after ?? lead.name;
      else values[field] = after;
    }
    // Consent belongs to the address: the new one's standing comes from the company's opt-out
    // register (an address that opted out stays out, whatever edits came between), and a new
    // address does not inherit the old one's opt-in.
    const standingOf = async (channel: 'SMS' | 'EMAIL', address: string | null) =>
      (await isOptedOutAddress(db, lead.companyId, channel, address))
        ? ('OPT_OUT' as const)
        : ('NO_INDICATION' as const);
    const phoneChanged = changes.some((change) => change.field === 'phone');
    if (phoneChanged) {
      const standing = await standingOf('SMS', values.phone ?? null);
      if (standing !== lead.phoneOptStatus) values.phoneOptStatus = standing;
    }
    const phoneConsentReset = values.phoneOptStatus === 'NO_INDICATION';
    if (changes.some((change) => change.field === 'email')) {
      values.emailBouncedAt = null;
      const standing = await standingOf('EMAIL', values.email ?? null);
      if (standing !== lead.emailOptStatus) values.emailOptStatus = standing;
    }

    const now = deps.now();
    const actor = userActor(principal);
    const data: ContactChangeData = {
      changes,
      ...(phoneConsentReset ? { phoneConsentReset } : {}),
    };
    const event = await appendTimelineEvent(db, {
      companyId: lead.companyId,
      leadId: lead.id,
      eventType: 'CONTACT_CHANGE',
      date: now,
      body: bodyOf(changes, principal.name),
      senderType: 'USER',
      senderName: principal.name,
      eventByUserName: principal.name,
      data,
    });
    const updated: LeadRow = await updateLeadRow(db, lead.id, values);
    for (const channel of ['SMS', 'EMAIL'] as const) {
      const key = channel === 'SMS' ? 'phoneOptStatus' : 'emailOptStatus';
      if (values[key] === undefined) continue;
      await recordConsentChange(db, {
        lead,
        channel,
        status: values[key],
        source: 'staff',
        timelineEventId: event.id,
        actor,
        at: now,
      });
    }
    const pick = (fields: Field[], row: LeadRow) =>
      Object.fromEntries(fields.map((field) => [field, row[field]]));
    const fields = changes.map((change) => change.field);
    record(
      domainEvent('lead.updated', {
        companyId: lead.companyId,
        leadId: lead.id,
        changes: fields,
        before: pick(fields, lead),
        after: pick(fields, updated),
        timelineEventId: event.id,
        actor,
      }),
    );
    return { lead: toLeadSummary(updated), eventId: event.id };
  });
};

/**
 * A person says where the lead came from (a source of the company's list; null: not known):
 * `lead.updated` with the names before and after (audited, live). The same source changes nothing.
 */
export const setLeadSource = (
  events: EventPort,
  principal: Principal,
  leadId: string,
  sourceId: string | null,
): Promise<LeadSourceResponse> =>
  events.transaction(async ({ db, record }) => {
    const lead = await lockLeadRow(db, leadId);
    if (!lead) throw notFound('Lead');
    if (lead.companyId !== principal.companyId) throw forbidden();
    const row = sourceId ? await findLeadSource(db, lead.companyId, sourceId) : undefined;
    if (sourceId && !row) throw notFound('Source');
    const source = row ? toLeadSourceRef(row) : null;
    if (lead.sourceId === sourceId) return { source };
    const before = await leadSourceRefOf(db, lead.companyId, lead.sourceId);
    await setLeadSourceId(db, lead.id, sourceId);
    record(
      domainEvent('lead.updated', {
        companyId: lead.companyId,
        leadId: lead.id,
        changes: ['source'],
        before: { source: before?.name ?? null },
        after: { source: source?.name ?? null },
        actor: userActor(principal),
      }),
    );
    return { source };
  });
