import { assertPropertyNumberAllowed, type SharedNumber } from '../numbers/index.js';
import type {
  AppendEventRequest,
  ConversationEvent,
  EventData,
  IntegrationLead,
  IntegrationProperty,
  IntegrationStatusRequest,
  LeadStatusResponse,
  UpsertLeadRequest,
  UpsertPropertyRequest,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { LeadRow, NewLeadRow, PropertyRow } from '../../db/schema/index.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import type { ApiKeyPrincipal } from '../api-keys/index.js';
import { appendTimelineEventOnce, toConversationEventDto } from '../conversation/index.js';
import { leadOwnerOf, setLeadStatusFromIntegration } from '../lead/index.js';
import type { Clock } from '../../lib/clock.js';
import { isOptedOutAddress, leadConsentOf, recordConsentChange } from '../lead/index.js';
import { applyOwner, autoAssignNewLead, resolveIntegrationOwner } from '../lead/index.js';
import { updateLeadFromIntegration, upsertLeadByPmsId } from '../lead/index.js';
import { leadSourceRefOf, sourceNamed } from '../lead/index.js';
import { upsertPropertyByPmsId } from '../company/index.js';
import { toE164 } from '../../lib/phone-numbers.js';
import {
  findCompanyPropertyByPmsId,
  findEventByExternalId,
  findLeadByPmsId,
} from './integrations.repository.js';
import { tourInstantFromStrings, tourStringsOf } from './tour-time.js';

export type Upserted<T> = { item: T; created: boolean };

/** Drizzle wraps the driver's error; PostgreSQL's code and constraint are on its cause. */
const pgErrorOf = (error: unknown): { code?: string; constraint?: string } => {
  const cause = (error as { cause?: unknown }).cause;
  return (cause ?? error) as { code?: string; constraint?: string };
};

/** Keys of `input` that were sent: omitted fields keep their value, null clears it. */
const sentFields = <T extends object>(input: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as Partial<T>;

const toPropertyDto = (row: PropertyRow): IntegrationProperty => ({
  _id: row.id,
  pmsPropertyId: row.pmsPropertyId,
  name: row.name,
  address: row.address,
  smsNumber: row.smsNumber,
});

const toLeadDto = (
  row: LeadRow,
  pmsPropertyId: string,
  consent: IntegrationLead['consent'],
  source: string | null,
): IntegrationLead => ({
  _id: row.id,
  pmsLeadId: row.pmsLeadId,
  pmsPropertyId,
  propertyID: row.propertyId,
  name: row.name,
  phone: row.phone,
  email: row.email,
  phoneOptStatus: row.phoneOptStatus,
  emailOptStatus: row.emailOptStatus,
  consent,
  preferredLanguage: row.preferredLanguage,
  officeDecisionStatus: row.officeDecisionStatus,
  tourDateUTC: row.tourDateUtc?.toISOString() ?? null,
  lastActivityAt: row.lastActivityAt.toISOString(),
  owner: leadOwnerOf(row),
  source,
  // The assistant pauses while a person owns the lead.
  assistantActive: row.ownerKind !== 'user',
});

const getProperty = async (db: Db, companyId: string, pmsPropertyId: string) => {
  const found = await findCompanyPropertyByPmsId(db, companyId, pmsPropertyId);
  if (!found) throw notFound('Property');
  return found;
};

/** The property by its PMS id, within the key's company; 404 for anything else. */
export const getIntegrationProperty = (db: Db, companyId: string, pmsPropertyId: string) =>
  getProperty(db, companyId, pmsPropertyId);

export const upsertIntegrationProperty = async (
  events: EventPort,
  shared: SharedNumber,
  { companyId, apiKeyId }: ApiKeyPrincipal,
  pmsPropertyId: string,
  input: UpsertPropertyRequest,
): Promise<Upserted<IntegrationProperty>> => {
  const changes = sentFields(input);
  try {
    return await events.transaction(async ({ db, record }) => {
      // Only a number the company owns; the same words whoever else might own it.
      if (changes.smsNumber)
        await assertPropertyNumberAllowed(db, shared, companyId, changes.smsNumber);
      const { inserted, ...row } = await upsertPropertyByPmsId(
        db,
        { ...changes, companyId, pmsPropertyId, name: input.name },
        changes,
      );
      record(
        domainEvent('property.upserted', {
          companyId,
          propertyId: row.id,
          created: inserted,
          changes: Object.keys(changes),
          actor: { kind: 'api-key', apiKeyId },
        }),
      );
      return { item: toPropertyDto(row), created: inserted };
    });
  } catch (error) {
    const { code, constraint } = pgErrorOf(error);
    if (code === '23505' && constraint?.startsWith('properties_smsNumber')) {
      throw new HttpError(
        'SMS_NUMBER_TAKEN',
        `smsNumber: ${input.smsNumber} is already the number of another property.`,
      );
    }
    throw error;
  }
};

/**
 * A phone or email the integration gives (a new lead's, or a changed one) that opted out in the
 * company stays out: unless the request says the lead's consent itself, its standing comes from
 * the opt-out register, as when a person edits it.
 */
const takeStandingFromRegister = async (
  db: Db,
  companyId: string,
  before: LeadRow | undefined,
  changes: Partial<NewLeadRow>,
) => {
  const channels = [
    { channel: 'SMS' as const, address: changes.phone, was: before?.phone, key: 'phoneOptStatus' },
    {
      channel: 'EMAIL' as const,
      address: changes.email,
      was: before?.email,
      key: 'emailOptStatus',
    },
  ] as const;
  for (const { channel, address, was, key } of channels) {
    if (changes[key] !== undefined || !address || address === was) continue;
    if (await isOptedOutAddress(db, companyId, channel, address)) changes[key] = 'OPT_OUT';
  }
};

export const upsertIntegrationLead = async (
  events: EventPort,
  { companyId, apiKeyId }: ApiKeyPrincipal,
  pmsPropertyId: string,
  pmsLeadId: string,
  input: UpsertLeadRequest,
): Promise<Upserted<IntegrationLead>> => {
  const { phone, email, owner, source, ...rest } = sentFields(input);
  const changes: Partial<NewLeadRow> = { ...rest };
  // The request schema already refused what is not a phone number.
  if (phone !== undefined) changes.phone = phone === null ? null : (toE164(phone) ?? null);
  if (email !== undefined) changes.email = email === null ? null : email.trim();
  return events.transaction(async (scope) => {
    const { db, record } = scope;
    const { property } = await getProperty(db, companyId, pmsPropertyId);
    const newOwner = owner ? await resolveIntegrationOwner(db, companyId, owner) : undefined;
    // By name, in any case; a name the company does not have yet joins its list.
    if (source !== undefined) {
      changes.sourceId = source
        ? (await sourceNamed(scope, companyId, source, { kind: 'api-key', apiKeyId })).id
        : null;
    }
    const before = await findLeadByPmsId(db, property.id, pmsLeadId);
    await takeStandingFromRegister(db, companyId, before, changes);
    const { inserted, ...row } = await upsertLeadByPmsId(
      db,
      { ...changes, companyId, propertyId: property.id, pmsLeadId, name: input.name },
      changes,
    );
    record(
      inserted
        ? domainEvent('lead.created', {
            companyId,
            leadId: row.id,
            actor: { kind: 'api-key', apiKeyId },
          })
        : domainEvent('lead.updated', {
            companyId,
            leadId: row.id,
            changes: Object.keys(changes).map((key) => (key === 'sourceId' ? 'source' : key)),
            actor: { kind: 'api-key', apiKeyId },
          }),
    );
    // The owner the request names; else a new lead follows its property's round robin.
    const now = new Date();
    const consentChanges = [
      { channel: 'SMS' as const, status: changes.phoneOptStatus, was: before?.phoneOptStatus },
      { channel: 'EMAIL' as const, status: changes.emailOptStatus, was: before?.emailOptStatus },
    ];
    for (const { channel, status, was } of consentChanges) {
      if (!status || status === (was ?? 'NO_INDICATION')) continue;
      await recordConsentChange(db, {
        lead: row,
        channel,
        status,
        source: 'integration',
        timelineEventId: null,
        actor: { kind: 'api-key', apiKeyId },
        at: now,
      });
    }
    const lead = newOwner
      ? await applyOwner(scope, row, newOwner, { kind: 'api-key', apiKeyId }, now)
      : inserted
        ? await autoAssignNewLead(scope, row, now)
        : row;
    return {
      item: toLeadDto(
        lead,
        property.pmsPropertyId,
        await leadConsentOf(db, lead.id),
        (await leadSourceRefOf(db, companyId, lead.sourceId))?.name ?? null,
      ),
      created: inserted,
    };
  });
};

type AppendContext = { lead: LeadRow; timeZone: string };

/**
 * What the event does to its lead besides joining the timeline, and the `data` it is stored
 * with (a tour gets both its instant and the strings the timeline shows).
 */
const effectsOf = (
  input: AppendEventRequest,
  { timeZone }: AppendContext,
): { data: EventData; leadChanges: Partial<NewLeadRow> | null } => {
  const data: EventData = { ...input.data };
  switch (input.eventType) {
    case 'OFFICE_DECISION':
      return {
        data,
        leadChanges: {
          officeDecisionStatus: 'PENDING',
          officeDecisionCompletedAt: null,
          officeDecisionCompletedByUserId: null,
          officeDecisionCompletedByUserName: null,
          officeDecisionOutcome: null,
        },
      };
    case 'SCHEDULED_TOUR_APPOINTMENT': {
      const instant = tourInstantOf(input.data, timeZone);
      if (!instant) throw badRequest('body.data.tourDateUTC', 'when the tour starts is required');
      return {
        data: { ...tourStringsOf(instant, timeZone), ...data, tourDateUTC: instant.toISOString() },
        leadChanges: { tourDateUtc: instant },
      };
    }
    case 'CANCELED_TOUR_APPOINTMENT':
      return { data, leadChanges: { tourDateUtc: null } };
    case 'LANGUAGE_PREFERENCE_UPDATE':
      if (!data.language) throw badRequest('body.data.language', 'the new language is required');
      return { data, leadChanges: { preferredLanguage: data.language } };
    default:
      return { data, leadChanges: null };
  }
};

/** `data.tourDateUTC`, or the date and time strings read on the company's clock. */
export const tourInstantOf = (data: AppendEventRequest['data'], timeZone: string): Date | null => {
  if (data?.tourDateUTC) return new Date(data.tourDateUTC);
  if (data?.tourDateString && data.tourFromTimeString) {
    return tourInstantFromStrings(data.tourDateString, data.tourFromTimeString, timeZone);
  }
  return null;
};

/** The lead by its PMS ids, within the key's company; 404 for anything else. */
export const getIntegrationLead = async (
  db: Db,
  companyId: string,
  pmsPropertyId: string,
  pmsLeadId: string,
): Promise<LeadRow> => {
  const { property } = await getProperty(db, companyId, pmsPropertyId);
  const lead = await findLeadByPmsId(db, property.id, pmsLeadId);
  if (!lead) throw notFound('Lead');
  return lead;
};

/** The lead as the integration API answers it, with its consent records. */
export const readIntegrationLead = async (
  db: Db,
  { companyId }: ApiKeyPrincipal,
  pmsPropertyId: string,
  pmsLeadId: string,
): Promise<IntegrationLead> => {
  const lead = await getIntegrationLead(db, companyId, pmsPropertyId, pmsLeadId);
  return toLeadDto(
    lead,
    pmsPropertyId,
    await leadConsentOf(db, lead.id),
    (await leadSourceRefOf(db, companyId, lead.sourceId))?.name ?? null,
  );
};

/**
 * The property-management system moves the lead in the pipeline (an application, a lease), dated
 * when it happened: as a person's change would, with the key as its actor.
 */
export const setIntegrationLeadStatus = async (
  deps: { db: Db; events: EventPort; now: Clock },
  { companyId, apiKeyId }: ApiKeyPrincipal,
  pmsPropertyId: string,
  pmsLeadId: string,
  request: IntegrationStatusRequest,
): Promise<LeadStatusResponse> => {
  const lead = await getIntegrationLead(deps.db, companyId, pmsPropertyId, pmsLeadId);
  return setLeadStatusFromIntegration(deps, companyId, lead.id, request, {
    kind: 'api-key',
    apiKeyId,
  });
};

export type AppendResult = { event: ConversationEvent; companyId: string; created: boolean };

/**
 * Appends an event to a lead's timeline and applies what it means for the lead, in one
 * transaction: both happen or neither. The same external id again answers the first event.
 */
export const appendIntegrationEvent = (
  events: EventPort,
  { companyId, apiKeyId }: ApiKeyPrincipal,
  pmsPropertyId: string,
  pmsLeadId: string,
  input: AppendEventRequest,
): Promise<AppendResult> =>
  events.transaction(async ({ db, record }) => {
    const { timeZone } = await getProperty(db, companyId, pmsPropertyId);
    const lead = await getIntegrationLead(db, companyId, pmsPropertyId, pmsLeadId);

    const replay = async () => {
      const first = await findEventByExternalId(db, companyId, input.externalId);
      if (!first) return null;
      if (first.leadId !== lead.id) {
        throw new HttpError(
          'EXTERNAL_ID_TAKEN',
          `externalId: ${input.externalId} was already appended to another lead.`,
        );
      }
      return { event: toConversationEventDto(first), companyId, created: false };
    };

    const earlier = await replay();
    if (earlier) return earlier;

    const { data, leadChanges } = effectsOf(input, { lead, timeZone });
    const row = await appendTimelineEventOnce(db, {
      companyId,
      leadId: lead.id,
      externalId: input.externalId,
      eventType: input.eventType,
      date: new Date(input.date),
      body: input.body ?? null,
      senderName: input.senderName ?? null,
      senderType: input.senderType ?? 'SYSTEM',
      subject: input.subject ?? null,
      eventByUserName: input.eventByUserName ?? null,
      data,
    });
    if (!row) {
      // A concurrent append of the same id committed first.
      const concurrent = await replay();
      if (concurrent) return concurrent;
      throw new Error('event neither inserted nor found');
    }
    if (leadChanges) {
      await updateLeadFromIntegration(db, lead.id, leadChanges);
      record(
        domainEvent('lead.updated', {
          companyId,
          leadId: lead.id,
          changes: Object.keys(leadChanges),
          actor: { kind: 'api-key', apiKeyId },
        }),
      );
    }
    record(
      domainEvent('timeline.event_added', {
        companyId,
        leadId: lead.id,
        timelineEventId: row.id,
        eventType: row.eventType,
        actor: { kind: 'api-key', apiKeyId },
      }),
    );
    return { event: toConversationEventDto(row), companyId, created: true };
  });
