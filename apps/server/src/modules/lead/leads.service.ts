import type { Lead, LeadOwner, LeadPage, LeadSummary, Note } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { LeadRow, NoteRow } from '../../db/schema/index.js';
import { decodeCursor, toPage } from '../../lib/cursor.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { listConversationEvents } from '../conversation/index.js';
import { leadConsentOf } from './consent.service.js';
import { lightsOf } from './follow-ups.service.js';
import { officeRulesOf } from '../scheduling/index.js';
import { getCompanyProperty } from '../company/index.js';
import { leadTimeZoneOf } from '../scheduling/index.js';
import {
  findLeadById,
  findLeadWithCompany,
  listLeadNotes,
  listPropertyLeads,
} from './leads.repository.js';

export const LEAD_EVENTS_PAGE = 50;

/**
 * The lead with this `_id`, if it belongs to the company: 404 when unknown, 403 when another
 * company's. The lookup is by primary key; the company check is what scopes it.
 */
export const getCompanyLead = async (
  db: Db,
  companyId: string,
  leadId: string,
): Promise<LeadRow> => {
  const lead = await findLeadById(db, leadId);
  if (!lead) throw notFound('Lead');
  if (lead.companyId !== companyId) throw forbidden();
  return lead;
};

/** The lead's notes, newest first. */
export const listNotesOfLead = async (db: Db, leadId: string): Promise<Note[]> =>
  (await listLeadNotes(db, leadId)).map(toNoteDto);

/** The lead's owner as the wire names it. */
export const leadOwnerOf = (
  row: Pick<LeadRow, 'ownerKind' | 'ownerUserId' | 'ownerName'>,
): LeadOwner =>
  row.ownerKind === 'user' && row.ownerUserId
    ? { kind: 'user', userId: row.ownerUserId, name: row.ownerName ?? '' }
    : row.ownerKind === 'assistant'
      ? { kind: 'assistant' }
      : { kind: 'unassigned' };

/**
 * The lead's tour time has passed while it is still TOUR_SCHEDULED: nobody said how the tour went,
 * so the pane asks ('Toured' / 'No-show'). `now` comes from the app's clock.
 */
export const isTourOutcomePending = (
  row: Pick<LeadRow, 'status' | 'tourDateUtc'>,
  now: Date,
): boolean => row.status === 'TOUR_SCHEDULED' && row.tourDateUtc !== null && row.tourDateUtc <= now;

/** The lead's office decision as the pane shows it; null when it never had one. */
export const officeDecisionStateOf = (lead: LeadRow): Lead['officeDecisionState'] =>
  lead.officeDecisionStatus
    ? {
        status: lead.officeDecisionStatus,
        completedAt: lead.officeDecisionCompletedAt?.toISOString() ?? null,
        completedByUserName: lead.officeDecisionCompletedByUserName,
        outcome: lead.officeDecisionOutcome,
      }
    : null;

export const toLeadSummary = (row: LeadRow): LeadSummary => ({
  _id: row.id,
  pmsLeadId: row.pmsLeadId,
  propertyID: row.propertyId,
  name: row.name,
  phone: row.phone,
  email: row.email,
  phoneOptStatus: row.phoneOptStatus,
  emailOptStatus: row.emailOptStatus,
  emailBouncedAt: row.emailBouncedAt?.toISOString() ?? null,
  officeDecisionStatus: row.officeDecisionStatus,
  tourDateUTC: row.tourDateUtc?.toISOString() ?? null,
  lastActivityAt: row.lastActivityAt.toISOString(),
  owner: leadOwnerOf(row),
  status: row.status,
  followUpAt: row.followUpAt?.toISOString() ?? null,
});

export const toNoteDto = (row: NoteRow): Note => ({
  _id: row.id,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  createdByUserName: row.createdByUserName,
  modifiedByUserName: row.modifiedByUserName,
});

export const listLeads = async (
  db: Db,
  companyId: string,
  propertyId: string,
  page: { cursor?: string; limit: number },
): Promise<LeadPage> => {
  await getCompanyProperty(db, companyId, propertyId);
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const rows = await listPropertyLeads(db, propertyId, page.limit, after);
  return toPage(
    rows,
    page.limit,
    (row) => ({ date: row.lastActivityAt, id: row.id }),
    toLeadSummary,
  );
};

/**
 * The lead by its property-management-system id, with its notes and latest events. `now` decides
 * whether a past tour waits for its outcome.
 */
export const getLead = async (
  db: Db,
  companyId: string,
  propertyId: string,
  pmsLeadId: string,
  now: Date,
): Promise<Lead> => {
  const property = await getCompanyProperty(db, companyId, propertyId);
  const found = await findLeadWithCompany(db, propertyId, pmsLeadId);
  if (!found) throw notFound('Lead');
  const { lead, company, sourceName } = found;
  const rules = officeRulesOf({
    propertyTimeZone: property.timeZone,
    officeHours: property.officeHours,
    companyTimeZone: company.timeZone,
    targetMinutes: company.firstReplyTargetMinutes,
  });
  const [noteRows, events, consent, timeZone] = await Promise.all([
    listLeadNotes(db, lead.id),
    listConversationEvents(db, { companyId: lead.companyId, leadId: lead.id }, LEAD_EVENTS_PAGE),
    leadConsentOf(db, lead.id),
    leadTimeZoneOf({ ...lead, propertyTimeZone: rules.timeZone }),
  ]);
  return {
    _id: lead.id,
    pmsLeadId: lead.pmsLeadId,
    propertyID: property.id,
    propertyName: property.name,
    name: lead.name,
    phone: lead.phone,
    email: lead.email,
    companyID: company.id,
    companyName: company.name,
    companyRegisteredLeasingEmail: company.registeredLeasingEmail,
    companyStatus: company.status,
    companyTimeZone: company.timeZone,
    tourDateUTC: lead.tourDateUtc?.toISOString() ?? null,
    phoneOptStatus: lead.phoneOptStatus,
    emailOptStatus: lead.emailOptStatus,
    emailBouncedAt: lead.emailBouncedAt?.toISOString() ?? null,
    consent,
    preferredLanguage: lead.preferredLanguage,
    officeDecisionState: officeDecisionStateOf(lead),
    owner: leadOwnerOf(lead),
    status: lead.status,
    lostReason: lead.lostReason,
    source: lead.sourceId && sourceName ? { _id: lead.sourceId, name: sourceName } : null,
    tourOutcomePending: isTourOutcomePending(lead, now),
    followUpAt: lead.followUpAt?.toISOString() ?? null,
    propertyTimeZone: rules.timeZone,
    timeZone,
    propertyA2pUnregisteredAt: property.a2pUnregisteredAt?.toISOString() ?? null,
    lights: lightsOf(lead, now, rules),
    notes: noteRows.map(toNoteDto),
    conversations: events.items,
    conversationsCursor: events.nextCursor,
  };
};
