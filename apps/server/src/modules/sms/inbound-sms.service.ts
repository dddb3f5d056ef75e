import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type {
  ConversationEvent,
  OptOutReviewRequest,
  OptOutReviewResponse,
  OptStatus,
  SimulateInboundSmsRequest,
} from '@leasing/contract';
import type { Database, TransactionScope } from '../../db/client.js';
import {
  companies,
  conversationEvents,
  leads,
  properties,
  unmatchedMessages,
  type ConversationEventRow,
  type LeadRow,
  type UnmatchedMessageRow,
} from '../../db/schema/index.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { userActor, type Principal } from '../../lib/principal.js';
import type { Clock } from '../../lib/clock.js';
import {
  appendTimelineEvent,
  dateEventByClock,
  decideOptOutReview,
  toConversationEventDto,
  type TranslationRequests,
} from '../conversation/index.js';
import { getCompanyLead } from '../lead/index.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort, RecordingScope } from '../../events/event-port.js';
import { sendAutomaticSms } from '../messaging/index.js';
import { enqueueInboundMedia, type PendingMedia } from './inbound-sms-media.job.js';
import { lockForTransaction } from '../../lib/transaction-lock.js';
import { routeInboundSms } from './inbound-sms.routing.js';
import { helpReply, optInConfirmation, optOutConfirmation } from './keywords.js';
import {
  bumpLeadActivity,
  leadConsentOf,
  isOptedOutAddress,
  optOutUnmatchedNumber,
  recordConsentChange,
  readConsent,
  recordConsentEvent,
  setPhoneOptOut,
  type SmsKeyword,
} from '../lead/index.js';
import { toE164 } from '../../lib/phone-numbers.js';
import { noSmsNumber, sendingNumberOf, type SharedNumber } from '../numbers/index.js';
import { insertUnmatchedMessage } from '../unmatched/index.js';

export type InboundSmsDeps = {
  database: Database;
  queue: PgBoss;
  translation: Pick<TranslationRequests, 'requestIfNeeded'>;
  /** The message's transaction: it records what it stored (live updates subscribe). */
  events: EventPort;
  /** TWILIO_FROM, the deployment's shared number, and the company that owns it. */
  shared: SharedNumber;
  jobExpireSeconds: number;
};

/** One text as Twilio's webhook describes it. */
export type InboundSms = {
  messageSid: string;
  from: string;
  to: string;
  body: string;
  media: { url: string; contentType: string | null }[];
  /** The sandbox's simulated reply names its lead; used only when routing finds nobody. */
  fallbackLeadId?: string;
};

export type InboundSmsOutcome =
  | { kind: 'duplicate' }
  | { kind: 'event'; event: ConversationEventRow; createdLead: boolean }
  | { kind: 'unmatched'; unmatched: UnmatchedMessageRow };

/** Twilio sends at most 10 files with one MMS. */
const MAX_MEDIA = 10;

/** Twilio's form parameters → the message; a signed request without a MessageSid is refused. */
export const inboundSmsFromTwilio = (form: Record<string, string>): InboundSms => {
  const messageSid = form.MessageSid ?? form.SmsMessageSid ?? form.SmsSid;
  if (!messageSid) throw badRequest('body.MessageSid', 'missing');
  const count = Math.min(Number.parseInt(form.NumMedia ?? '0', 10) || 0, MAX_MEDIA);
  const media = Array.from({ length: count }, (_, i) => ({
    url: form[`MediaUrl${i}`] ?? '',
    contentType: form[`MediaContentType${i}`] ?? null,
  })).filter((item) => item.url !== '');
  return { messageSid, from: form.From ?? '', to: form.To ?? '', body: form.Body ?? '', media };
};

type KeywordAction = {
  optStatus?: OptStatus;
  reply?: { text: typeof helpReply; evenIfOptedOut: boolean };
  /** The text may be an opt-out: a person decides (the pane asks). */
  review?: boolean;
};

/**
 * What a keyword does to the lead. STOP confirms once (an opted-out lead hears nothing more);
 * START and its synonyms only mean something to an opted-out lead ("yes" is otherwise an answer);
 * HELP is answered to everyone, opted out or not, as carriers require.
 */
const keywordAction = (keyword: SmsKeyword | undefined, current: OptStatus): KeywordAction => {
  switch (keyword) {
    case 'OPT_OUT':
      return current === 'OPT_OUT'
        ? {}
        : { optStatus: 'OPT_OUT', reply: { text: optOutConfirmation, evenIfOptedOut: true } };
    case 'OPT_IN':
      return current === 'OPT_OUT'
        ? { optStatus: 'OPT_IN', reply: { text: optInConfirmation, evenIfOptedOut: false } }
        : {};
    case 'HELP':
      return { reply: { text: helpReply, evenIfOptedOut: current === 'OPT_OUT' } };
    default:
      return {};
  }
};

const wasReceived = async ({ db }: TransactionScope, messageSid: string) => {
  const [event] = await db
    .select({ id: conversationEvents.id })
    .from(conversationEvents)
    .where(eq(conversationEvents.providerMessageId, messageSid))
    .limit(1);
  if (event) return true;
  const [kept] = await db
    .select({ id: unmatchedMessages.id })
    .from(unmatchedMessages)
    .where(eq(unmatchedMessages.dedupeKey, `sms:${messageSid}`))
    .limit(1);
  return Boolean(kept);
};

const pendingMediaOf = (message: InboundSms): PendingMedia[] =>
  message.media.map((item, index) => ({ index, url: item.url, contentType: item.contentType }));

/** The automatic reply to a keyword, stored and queued inside the message's own transaction. */
const queueReply = async (
  deps: InboundSmsDeps,
  scope: RecordingScope,
  lead: LeadRow,
  reply: NonNullable<KeywordAction['reply']>,
): Promise<void> => {
  const { db } = scope;
  const [company] = await db.select().from(companies).where(eq(companies.id, lead.companyId));
  const queued = await sendAutomaticSms(
    { queue: deps.queue, jobExpireSeconds: deps.jobExpireSeconds },
    scope,
    lead,
    reply.text(company!),
    { evenIfOptedOut: reply.evenIfOptedOut },
  );
  // now() is the transaction's start, shared by the message and its reply; the reply is dated
  // by the clock so the timeline always shows it after the message it answers.
  const dated = await dateEventByClock(db, queued._id);
  await bumpLeadActivity(db, lead.id, dated!.date);
};

/**
 * The lead's message, its opt status, its media job and any automatic reply (with that reply's
 * send job) are written in one transaction: a retried webhook finds all of it or none of it, so
 * the lead never gets a confirmation twice nor loses one.
 */
const storeForLead = async (
  deps: InboundSmsDeps,
  scope: RecordingScope,
  message: InboundSms,
  lead: LeadRow,
  createdLead: boolean,
): Promise<InboundSmsOutcome> => {
  const { db } = scope;
  const pendingMedia = pendingMediaOf(message);
  // Locked: two STOPs arriving together must see each other's opt-out and confirm only once.
  const [current] = await db.select().from(leads).where(eq(leads.id, lead.id)).for('no key update');
  // The number's standing is the lead's or the company's register (another lead with this number
  // may have opted it out): START must be able to bring it back either way.
  const standing: OptStatus = (await isOptedOutAddress(db, lead.companyId, 'SMS', current!.phone))
    ? 'OPT_OUT'
    : current!.phoneOptStatus;
  const consent = readConsent(message.body);
  const action: KeywordAction = {
    ...keywordAction(consent.keyword, standing),
    // An opted-out lead's maybe asks nothing of anyone.
    review: consent.ambiguous && standing !== 'OPT_OUT',
  };
  const event = await appendTimelineEvent(db, {
    companyId: lead.companyId,
    leadId: lead.id,
    eventType: 'SMS',
    body: message.body || null,
    senderType: 'LEAD',
    senderName: lead.name,
    providerMessageId: message.messageSid,
    providerStatus: 'received',
    data: {
      ...(pendingMedia.length > 0 ? { pendingMedia } : {}),
      ...(action.optStatus
        ? { optStatusChange: { channel: 'phone', status: action.optStatus } }
        : {}),
      ...(action.review ? { optOutReview: { status: 'PENDING' as const } } : {}),
    },
  });
  await bumpLeadActivity(
    db,
    lead.id,
    event.date,
    action.optStatus ? { phoneOptStatus: action.optStatus } : {},
  );
  if (action.optStatus) {
    await recordConsentChange(db, {
      lead,
      channel: 'SMS',
      status: action.optStatus,
      source: consent.source,
      timelineEventId: event.id,
      message: message.body,
      actor: { kind: 'system' },
      at: event.date,
    });
  }
  await deps.translation.requestIfNeeded(event, lead, scope.sql);
  if (pendingMedia.length > 0)
    await enqueueInboundMedia(deps.queue, scope.sql, { target: 'event', id: event.id });
  scope.record(
    domainEvent('message.received', {
      companyId: event.companyId,
      leadId: event.leadId,
      timelineEventId: event.id,
      channel: 'SMS',
    }),
  );
  if (action.optStatus) {
    scope.record(
      domainEvent('lead.updated', {
        companyId: lead.companyId,
        leadId: lead.id,
        changes: ['phoneOptStatus'],
        actor: { kind: 'system' },
      }),
    );
  }
  if (action.reply) await queueReply(deps, scope, lead, action.reply);
  return { kind: 'event', event: event, createdLead };
};

/**
 * A text no lead could be chosen for is kept where the staff of the company that owns the number
 * can read it; sent to a number nobody owns, no company sees it. An opt-out among them (STOP, or
 * "please stop texting me") still counts: the number goes on the company's register at once (its
 * leads with that number follow), audited, and the kept message says so (`data.optedOut`).
 * Twilio's own STOP handling sends the carrier's confirmation; we send none, having no lead.
 */
const storeUnmatched = async (
  deps: InboundSmsDeps,
  scope: RecordingScope,
  message: InboundSms,
  reason: string,
  companyId: string | null,
): Promise<InboundSmsOutcome> => {
  const pendingMedia = pendingMediaOf(message);
  const from = toE164(message.from);
  const consent = message.body ? readConsent(message.body) : undefined;
  const optsOut = Boolean(companyId && from && consent?.keyword === 'OPT_OUT');
  const row = await insertUnmatchedMessage(scope.db, {
    channel: 'SMS',
    companyId,
    fromAddress: from ?? message.from,
    toAddress: toE164(message.to) ?? message.to,
    body: message.body || null,
    data: {
      messageSid: message.messageSid,
      ...(pendingMedia.length > 0 ? { pendingMedia } : {}),
      ...(optsOut ? { optedOut: true } : {}),
    },
    reason,
    dedupeKey: `sms:${message.messageSid}`,
  });
  if (optsOut && companyId && from && consent) {
    const address = await optOutUnmatchedNumber(scope.db, {
      companyId,
      phone: from,
      source: consent.source,
      message: message.body,
      at: row.receivedAt,
    });
    scope.record(
      domainEvent('unmatched.opted_out', {
        companyId,
        unmatchedId: row.id,
        channel: 'SMS',
        address,
        source: consent.source,
        actor: { kind: 'system' },
      }),
    );
  }
  if (pendingMedia.length > 0)
    await enqueueInboundMedia(deps.queue, scope.sql, { target: 'unmatched', id: row.id });
  return { kind: 'unmatched', unmatched: row };
};

/**
 * One inbound text, stored exactly once however often Twilio delivers it: deliveries of the same
 * MessageSid take one lock, and the later ones find the first one's message. Open consoles are told
 * after the commit, so what they fetch is there.
 */
export const receiveInboundSms = async (
  deps: InboundSmsDeps,
  message: InboundSms,
): Promise<InboundSmsOutcome> => {
  return deps.events.transaction(async (scope): Promise<InboundSmsOutcome> => {
    await lockForTransaction(scope.db, `sms:${message.messageSid}`);
    if (await wasReceived(scope, message.messageSid)) return { kind: 'duplicate' };
    const route = await routeInboundSms(scope.db, {
      from: toE164(message.from),
      to: toE164(message.to),
      rawFrom: message.from,
      rawTo: message.to,
      shared: deps.shared,
      fallbackLeadId: message.fallbackLeadId,
    });
    return route.kind === 'lead'
      ? storeForLead(deps, scope, message, route.lead, route.created)
      : storeUnmatched(deps, scope, message, route.reason, route.companyId);
  });
};

/**
 * The sandbox's "Simulate a reply": a text from the lead's phone to the number it is texted from,
 * through the very path a Twilio webhook takes (routing, keywords, replies, live updates).
 */
export const simulateInboundSms = async (
  deps: InboundSmsDeps,
  principal: Principal,
  request: SimulateInboundSmsRequest,
): Promise<ConversationEvent> => {
  const lead = await getCompanyLead(deps.database.db, principal.companyId, request.leadID);
  if (!lead.phone)
    throw badRequest('body.leadID', 'this prospect has no phone number to reply from');
  const [property] = await deps.database.db
    .select({ companyId: properties.companyId, smsNumber: properties.smsNumber })
    .from(properties)
    .where(eq(properties.id, lead.propertyId));
  // The reply goes to the number the lead is texted from: one of the caller's own company.
  const to = property && (await sendingNumberOf(deps.database.db, deps.shared, property));
  if (!to) throw noSmsNumber();
  const outcome = await receiveInboundSms(deps, {
    messageSid: `SM${randomBytes(16).toString('hex')}`,
    from: lead.phone,
    to,
    body: request.text,
    media: [],
    fallbackLeadId: lead.id,
  });
  if (outcome.kind !== 'event') {
    const reason = outcome.kind === 'unmatched' ? outcome.unmatched.reason : 'already received';
    throw new HttpError('UNMATCHED', `The reply was kept as unmatched: ${reason}`);
  }
  return toConversationEventDto(outcome.event);
};

/**
 * A person decides a lead's text flagged as a possible opt-out: 'Opt out of texts' opts the lead
 * out (with the one confirmation text, a CONSENT_CHANGE on the timeline and the consent record);
 * 'Not an opt-out' only clears the flag. Either is audited, and decided once.
 */
export const reviewOptOut = async (
  deps: InboundSmsDeps,
  principal: Principal,
  target: { leadId: string; eventId: string },
  request: OptOutReviewRequest,
  now: Clock,
): Promise<OptOutReviewResponse> => {
  await getCompanyLead(deps.database.db, principal.companyId, target.leadId);
  const actor = userActor(principal);
  return deps.events.transaction(async (scope) => {
    const { db } = scope;
    const [lead] = await db
      .select()
      .from(leads)
      .where(eq(leads.id, target.leadId))
      .for('no key update');
    const [flagged] = await db
      .select()
      .from(conversationEvents)
      .where(
        and(
          eq(conversationEvents.id, target.eventId),
          eq(conversationEvents.leadId, target.leadId),
          eq(conversationEvents.senderType, 'LEAD'),
          eq(conversationEvents.eventType, 'SMS'),
        ),
      );
    if (!lead || !flagged) throw notFound('Message');
    if (flagged.data.optOutReview?.status !== 'PENDING') {
      throw new HttpError(
        'ALREADY_DECIDED',
        'This message is not waiting for an opt-out decision (someone may have decided it).',
      );
    }
    const at = now();
    const decided = await decideOptOutReview(db, flagged, {
      status: request.decision === 'OPT_OUT' ? 'OPTED_OUT' : 'DISMISSED',
      byUserName: principal.name,
      at: at.toISOString(),
    });
    let consentEvent: ConversationEventRow | null = null;
    let phoneOptStatus = lead.phoneOptStatus;
    if (request.decision === 'OPT_OUT' && lead.phoneOptStatus !== 'OPT_OUT') {
      await setPhoneOptOut(db, lead.id);
      phoneOptStatus = 'OPT_OUT';
      consentEvent = await recordConsentEvent(scope, {
        lead,
        channel: 'SMS',
        status: 'OPT_OUT',
        source: 'staff',
        actor,
        at,
      });
      await queueReply(deps, scope, lead, { text: optOutConfirmation, evenIfOptedOut: true });
    }
    scope.record(
      domainEvent('opt_out_review.decided', {
        companyId: lead.companyId,
        leadId: lead.id,
        timelineEventId: flagged.id,
        decision: request.decision,
        actor,
      }),
    );
    return {
      event: toConversationEventDto(decided!),
      consentEvent: consentEvent ? toConversationEventDto(consentEvent) : null,
      phoneOptStatus,
      consent: await leadConsentOf(db, lead.id),
    };
  });
};
