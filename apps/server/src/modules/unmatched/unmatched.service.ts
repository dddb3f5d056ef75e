import type {
  AssignUnmatchedRequest,
  CreateLeadFromUnmatchedRequest,
  UnmatchedMessage,
} from '@leasing/contract';
import { eq } from 'drizzle-orm';
import { leads, type LeadRow } from '../../db/schema/index.js';
import type { UnmatchedMessageRow } from '../../db/schema/index.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort, RecordingScope } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors.js';
import { userActor, type Principal } from '../../lib/principal.js';
import {
  advanceLeadActivity,
  autoAssignNewLead,
  freePmsLeadId,
  insertLead,
  isOptedOutAddress,
  readConsent,
} from '../lead/index.js';
import { getCompanyProperty } from '../company/index.js';
import { numberSourceIdOf } from '../numbers/index.js';
import { appendTimelineEvent } from '../conversation/index.js';
import { lockUnmatched, markResolved, toUnmatchedMessage } from './unmatched.repository.js';

export type UnmatchedDeps = { events: EventPort; now: Clock };

const pick = (data: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((key) => data[key] !== undefined).map((key) => [key, data[key]]));

const doneWords: Record<NonNullable<UnmatchedMessageRow['resolution']>, string> = {
  ASSIGNED: 'moved this message to a lead',
  LEAD_CREATED: 'made a lead of this message',
  DISMISSED: 'dismissed this message',
};

/** The company's open message, locked: 404 unknown, 403 another company's, 409 already done. */
const openMessage = async (db: RecordingScope['db'], principal: Principal, id: string) => {
  const row = await lockUnmatched(db, id);
  if (!row || row.companyId === null) throw notFound('Message');
  if (row.companyId !== principal.companyId) throw forbidden();
  if (row.resolution) {
    throw new HttpError(
      'ALREADY_RESOLVED',
      `${row.resolvedByName ?? 'Someone'} already ${doneWords[row.resolution]}.`,
    );
  }
  if (Array.isArray(row.data.pendingMedia) && row.data.pendingMedia.length > 0) {
    throw new HttpError(
      'MEDIA_PENDING',
      "The message's pictures are still downloading. Try again in a minute.",
    );
  }
  return row;
};

/**
 * The message becomes the lead's own, dated when it arrived: an SMS or EMAIL event from the lead
 * (`message.received`, so lights, notifications and webhooks treat it like any reply). A text
 * that reads like an opt-out is flagged for a person to decide, as a live one would be.
 */
const moveToLead = async (
  scope: RecordingScope,
  row: UnmatchedMessageRow,
  lead: LeadRow,
  principal: Principal,
  now: Date,
) => {
  const consent = row.channel === 'SMS' && row.body ? readConsent(row.body) : null;
  const review =
    consent !== null &&
    (consent.keyword === 'OPT_OUT' || consent.ambiguous) &&
    lead.phoneOptStatus !== 'OPT_OUT';
  const providerId = row.channel === 'SMS' ? row.data.messageSid : row.data.messageId;
  const event = await appendTimelineEvent(scope.db, {
    companyId: lead.companyId,
    leadId: lead.id,
    eventType: row.channel,
    date: row.receivedAt,
    body: row.body,
    subject: row.subject,
    senderType: 'LEAD',
    senderName: lead.name,
    attachments: row.attachments,
    providerMessageId: typeof providerId === 'string' ? providerId : null,
    providerStatus: row.channel === 'SMS' ? 'received' : null,
    data: {
      movedFromUnmatched: { id: row.id, byName: principal.name, at: now.toISOString() },
      ...(row.channel === 'EMAIL' ? { from: row.fromAddress } : {}),
      // What the inbound path kept beside the text: files, an email's HTML and inline images.
      ...pick(row.data, ['otherAttachments', 'html', 'inlineImages', 'inReplyTo', 'references']),
      ...(review ? { optOutReview: { status: 'PENDING' as const } } : {}),
    },
  });
  await advanceLeadActivity(scope.db, lead.id, row.receivedAt);
  scope.record(
    domainEvent('message.received', {
      companyId: lead.companyId,
      leadId: lead.id,
      timelineEventId: event.id,
      channel: row.channel,
    }),
  );
};

const resolve = async (
  scope: RecordingScope,
  row: UnmatchedMessageRow,
  principal: Principal,
  resolution: NonNullable<UnmatchedMessageRow['resolution']>,
  lead: LeadRow | null,
  now: Date,
): Promise<UnmatchedMessage> => {
  const updated = await markResolved(scope.db, row.id, {
    resolution,
    resolvedAt: now,
    resolvedByUserId: principal.id,
    resolvedByName: principal.name,
    leadId: lead?.id ?? null,
  });
  scope.record(
    domainEvent('unmatched.resolved', {
      companyId: principal.companyId,
      unmatchedId: row.id,
      resolution,
      toLeadId: lead?.id ?? null,
      actor: userActor(principal),
    }),
  );
  return toUnmatchedMessage({ message: updated, lead });
};

/** 'Move to lead': the message goes onto the chosen lead's timeline. */
export const assignUnmatched = (
  deps: UnmatchedDeps,
  principal: Principal,
  id: string,
  request: AssignUnmatchedRequest,
) =>
  deps.events.transaction(async (scope) => {
    const row = await openMessage(scope.db, principal, id);
    const [lead] = await scope.db.select().from(leads).where(eq(leads.id, request.leadId));
    if (!lead) throw badRequest('body.leadId', 'is not a lead');
    if (lead.companyId !== principal.companyId) throw forbidden();
    const now = deps.now();
    await moveToLead(scope, row, lead, principal, now);
    return resolve(scope, row, principal, 'ASSIGNED', lead, now);
  });

/**
 * 'Create lead': a lead in the chosen property with the sender's phone (a text) or email (an
 * email), owned by the property's round robin like any new lead, with the message on it. A text
 * gives it the source of the number it was sent to, as a new lead texting that number gets.
 */
export const createLeadFromUnmatched = (
  deps: UnmatchedDeps,
  principal: Principal,
  id: string,
  request: CreateLeadFromUnmatchedRequest,
) =>
  deps.events.transaction(async (scope) => {
    const row = await openMessage(scope.db, principal, id);
    const property = await getCompanyProperty(scope.db, principal.companyId, request.propertyId);
    const address = row.fromAddress.trim();
    if (!address) throw badRequest('body', 'the message has no sender to make a lead of');
    const isText = row.channel === 'SMS';
    const base = isText ? `SMS-${address.replace(/\D/g, '')}` : `EMAIL-${address.toLowerCase()}`;
    const created = await insertLead(scope.db, {
      companyId: property.companyId,
      propertyId: property.id,
      pmsLeadId: await freePmsLeadId(scope.db, property.id, base),
      name: request.name,
      ...(isText
        ? {
            phone: address,
            sourceId: await numberSourceIdOf(scope.db, property.companyId, row.toAddress),
            // A number on the register (this very text may have put it there) stays opted out.
            ...((await isOptedOutAddress(scope.db, property.companyId, 'SMS', address))
              ? { phoneOptStatus: 'OPT_OUT' as const }
              : {}),
          }
        : { email: address.toLowerCase() }),
    });
    scope.record(
      domainEvent('lead.created', {
        companyId: property.companyId,
        leadId: created.id,
        actor: userActor(principal),
      }),
    );
    const now = deps.now();
    const lead = await autoAssignNewLead(scope, created, now);
    await moveToLead(scope, row, lead, principal, now);
    return resolve(scope, row, principal, 'LEAD_CREATED', lead, now);
  });

/** 'Dismiss': spam, a wrong number; kept under 'Done' with who dismissed it. */
export const dismissUnmatched = (deps: UnmatchedDeps, principal: Principal, id: string) =>
  deps.events.transaction(async (scope) => {
    const row = await openMessage(scope.db, principal, id);
    return resolve(scope, row, principal, 'DISMISSED', null, deps.now());
  });
