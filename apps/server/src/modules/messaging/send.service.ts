import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { ConversationEvent, SendEmailRequest } from '@leasing/contract';
import {
  getContactability,
  SEND_LATER_MAX_DAYS,
  SEND_REFUSED_CODE,
  SMS_MAX_LENGTH,
  type ContactChannel,
  type ContactRefusalReason,
} from '@leasing/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../events/domain-events.js';
import type { EventPort, RecordingScope } from '../../events/event-port.js';
import {
  companies,
  type CompanyRow,
  conversationEvents,
  type LeadRow,
  type NewConversationEventRow,
  properties,
} from '../../db/schema/index.js';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { Principal } from '../../lib/principal.js';
import { linkMessageRetry, toConversationEventDto } from '../conversation/index.js';
import { clearSentDraft } from '../lead/index.js';
import { getCompanyLead } from '../lead/index.js';
import {
  checkEmailFiles,
  checkImages,
  storeEmailFiles,
  storeImages,
  type UploadedFile,
} from './media.service.js';
import type { MediaStorage } from './media.storage.js';
import { messageStatusChanged } from './message-events.js';
import { assertDraftIsCurrent, type DraftBase } from './reply-guard.js';
import {
  insertAndEnqueue,
  optedOutMessages,
  type QueueDeps,
  type QuietHoursRule,
  type SendSchedule,
} from './send-gate.js';
import { noSmsNumber, sendingNumberOf, type SharedNumber } from '../numbers/index.js';
import { checkStaffSmsWindow } from '../scheduling/index.js';
import { isUniqueViolation } from '../../lib/unique-violation.js';

// Other modules queue their messages (a payment link's text, a keyword's answer) through these.
export { enqueueRelease, insertAndEnqueue } from './send-gate.js';
export type { QueueDeps, SendSchedule } from './send-gate.js';

export type SendDeps = {
  database: Database;
  /** Stores go through its transactions, which record `message.created`. */
  events: EventPort;
  queue: PgBoss;
  storage: MediaStorage;
  jobExpireSeconds: number;
  /** The deployment's shared number: texts of properties without their own leave from it. */
  shared: SharedNumber;
  /** 'Send later' checks a time against it (in the future, within the limit). */
  now: Clock;
};

/** The optional 'Send later' of a send request: `sendAt` must be ahead, at most the limit. */
export type SendLaterInput = {
  sendAt?: string | undefined;
  keepIfLeadReplies?: boolean | undefined;
};

/** A `sendAt` checked against the clock: 400 naming it when past or too far ahead. */
export const scheduleOf = (
  now: Clock,
  input: SendLaterInput,
  field = 'body.sendAt',
): SendSchedule | undefined => {
  if (input.sendAt === undefined) return undefined;
  const at = new Date(input.sendAt);
  const current = now();
  if (at.getTime() <= current.getTime()) throw badRequest(field, 'must be in the future');
  if (at.getTime() > current.getTime() + SEND_LATER_MAX_DAYS * 24 * 3600 * 1000)
    throw badRequest(field, `at most ${SEND_LATER_MAX_DAYS} days ahead`);
  return { at, keepIfLeadReplies: input.keepIfLeadReplies ?? false };
};

const domainOf = (address: string) => address.split('@')[1] ?? 'leasing.local';

const refuse = (message: string) => new HttpError(SEND_REFUSED_CODE, message);

const findByIdempotencyKey = async (
  scope: { db: Database['db'] },
  companyId: string,
  key: string,
) =>
  (
    await scope.db
      .select()
      .from(conversationEvents)
      .where(
        and(
          eq(conversationEvents.companyId, companyId),
          eq(conversationEvents.idempotencyKey, key),
        ),
      )
  )[0];

/** The template a message was written from, if any (its usage is counted when it is stored). */
export type SentFromTemplate = { templateId?: string | undefined };

/** The server's words for each reason the contract's contact rule gives, per channel. */
const refusalTexts: Record<ContactChannel, Partial<Record<ContactRefusalReason, string>>> = {
  SMS: {
    OPTED_OUT: optedOutMessages.SMS,
    NO_PHONE: 'This prospect has no phone number; the message was not sent.',
  },
  EMAIL: {
    EMAIL_NOT_ENABLED: 'Email is not enabled for this company: it has no registered leasing email.',
    NO_EMAIL: 'This prospect has no email address; the message was not sent.',
    OPTED_OUT: optedOutMessages.EMAIL,
  },
};

/**
 * Why nothing may be sent to this lead on `channel`, or null when it may: the contract's rule
 * (`getContactability`, shared with the composer and the payment-link dialog). When several
 * reasons hold, the one named is the first in the server's order (the table above).
 */
const contactRefusal = (
  channel: ContactChannel,
  lead: LeadRow,
  company: Pick<CompanyRow, 'registeredLeasingEmail'> | undefined,
): HttpError | null => {
  const { reasons } = getContactability(lead, {
    emailEnabled: Boolean(company?.registeredLeasingEmail),
  })[channel];
  const [text] = Object.entries(refusalTexts[channel])
    .filter(([reason]) => reasons.includes(reason as ContactRefusalReason))
    .map(([, words]) => words);
  return text ? refuse(text) : null;
};

/** Why nothing may be texted to this lead, or null when it may. */
export const smsRefusal = (lead: LeadRow): HttpError | null =>
  contactRefusal('SMS', lead, undefined);

/** Why nothing may be emailed to this lead, or null when it may. */
export const emailRefusal = (
  lead: LeadRow,
  company: Pick<CompanyRow, 'registeredLeasingEmail'> | undefined,
): HttpError | null => contactRefusal('EMAIL', lead, company);

/** Our Message-ID for an outgoing email, stored before sending so replies thread to the event. */
export const newEmailMessageId = (registeredLeasingEmail: string) =>
  `<${randomUUID()}@${domainOf(registeredLeasingEmail)}>`;

/**
 * `insertAndEnqueue` in a transaction of its own, after the reply guard (same transaction); a
 * repeated idempotency key answers the first event.
 */
const storeAndEnqueue = async (
  deps: Omit<SendDeps, 'storage'>,
  lead: LeadRow,
  event: Omit<NewConversationEventRow, 'companyId' | 'leadId' | 'sendingStatus'> & {
    eventType: 'SMS' | 'EMAIL';
    sentByUserId: string;
  },
  idempotencyKey: string | undefined,
  actor: Actor,
  base: DraftBase & SentFromTemplate,
  schedule: SendSchedule | undefined,
  quietHours: QuietHoursRule,
): Promise<ConversationEvent> => {
  const insert = async (scope: RecordingScope) => {
    await assertDraftIsCurrent(scope.db, lead, event.sentByUserId, base);
    const sent = await insertAndEnqueue(deps, scope, lead, event, {
      actor,
      idempotencyKey,
      templateId: base.templateId,
      schedule,
      quietHours,
    });
    await clearSentDraft(scope.db, lead.id, event.sentByUserId);
    return sent;
  };
  try {
    return await deps.events.transaction(insert);
  } catch (error) {
    if (idempotencyKey && isUniqueViolation(error)) {
      const first = await findByIdempotencyKey(deps.database, lead.companyId, idempotencyKey);
      if (first) return toConversationEventDto(first);
    }
    throw error;
  }
};

/**
 * An automatic SMS to a lead (the STOP confirmation, the HELP answer), stored and queued like a
 * staff member's, in the transaction that stored the message it answers. `evenIfOptedOut` lets the
 * one confirmation of an opt-out through; nothing else reaches an opted-out lead.
 */
export const sendAutomaticSms = (
  deps: QueueDeps,
  scope: RecordingScope,
  lead: LeadRow,
  body: string,
  options: { evenIfOptedOut: boolean },
): Promise<ConversationEvent> =>
  insertAndEnqueue(
    deps,
    scope,
    lead,
    {
      eventType: 'SMS',
      body,
      senderType: 'SYSTEM',
      senderName: 'Automatic reply',
      data: options.evenIfOptedOut ? { optOutConfirmation: true } : {},
    },
    {
      actor: { kind: 'system' },
      quietHours: 'keyword-reply',
      evenIfOptedOut: options.evenIfOptedOut,
    },
  );

const actorOf = (principal: Principal): Actor => ({
  kind: 'user',
  userId: principal.id,
  name: principal.name,
});

const replayed = async (deps: SendDeps, companyId: string, key: string | undefined) => {
  if (!key) return undefined;
  const first = await findByIdempotencyKey(deps.database, companyId, key);
  return first ? toConversationEventDto(first) : undefined;
};

export const sendSms = async (
  deps: SendDeps,
  principal: Principal,
  leadId: string,
  input: {
    text: string;
    files: UploadedFile[];
    idempotencyKey: string | undefined;
    /** 'Send now' outside the lead's allowed hours. */
    quietHoursOverride?: boolean;
  } & DraftBase &
    SentFromTemplate &
    SendLaterInput,
): Promise<ConversationEvent> => {
  const lead = await getCompanyLead(deps.database.db, principal.companyId, leadId);
  const previous = await replayed(deps, lead.companyId, input.idempotencyKey);
  if (previous) return previous;
  const schedule = scheduleOf(deps.now, input);

  const refusal = smsRefusal(lead);
  if (refusal) throw refusal;
  const [property] = await deps.database.db
    .select({ companyId: properties.companyId, smsNumber: properties.smsNumber })
    .from(properties)
    .where(eq(properties.id, lead.propertyId));
  if (!property || !(await sendingNumberOf(deps.database.db, deps.shared, property))) {
    throw noSmsNumber();
  }
  const text = input.text.trim();
  if (!text && input.files.length === 0)
    throw badRequest('body.text', 'write a message or attach an image');
  if (text.length > SMS_MAX_LENGTH)
    throw badRequest('body.text', `at most ${SMS_MAX_LENGTH} characters per SMS`);
  const images = await checkImages(input.files);
  // Checked again where it counts (in the transaction); here so a held send stores no images.
  await assertDraftIsCurrent(deps.database.db, lead, principal.id, input);
  // A scheduled text is judged when it leaves (the send window); a text now, by the gate. Asked
  // here first too, so a held send stores no images.
  const quietHours = { now: deps.now(), override: input.quietHoursOverride ?? false };
  if (!schedule) await checkStaffSmsWindow(deps.database.db, lead.id, quietHours);
  const attachments = await storeImages(deps.storage, images);

  return storeAndEnqueue(
    deps,
    lead,
    {
      eventType: 'SMS',
      body: text,
      senderType: 'USER',
      senderName: principal.name,
      iconUrl: principal.pictureUrl,
      attachments,
      sentByUserId: principal.id,
    },
    input.idempotencyKey,
    actorOf(principal),
    input,
    schedule,
    quietHours,
  );
};

export const sendEmail = async (
  deps: SendDeps,
  principal: Principal,
  leadId: string,
  input: SendEmailRequest & {
    /** Files to carry (multipart sends); judged by their bytes before anything is stored. */
    files?: UploadedFile[];
    idempotencyKey: string | undefined;
  },
): Promise<ConversationEvent> => {
  if (input.companyID !== principal.companyId || input.sentByUserID !== principal.id)
    throw forbidden();
  if (input.leadID !== leadId) throw badRequest('body.leadID', 'must match the lead in the path');
  const lead = await getCompanyLead(deps.database.db, principal.companyId, leadId);
  const previous = await replayed(deps, lead.companyId, input.idempotencyKey);
  if (previous) return previous;
  const schedule = scheduleOf(deps.now, input);

  const [company] = await deps.database.db
    .select()
    .from(companies)
    .where(eq(companies.id, lead.companyId));
  const refusal = emailRefusal(lead, company);
  if (refusal) throw refusal;
  // emailRefusal has checked it: the company has a registered leasing email.
  const leasingEmail = company?.registeredLeasingEmail ?? '';

  let threading: { inReplyTo: string; references: string[] } | undefined;
  if (input.messageId) {
    const [answered] = await deps.database.db
      .select()
      .from(conversationEvents)
      .where(
        and(eq(conversationEvents.id, input.messageId), eq(conversationEvents.leadId, lead.id)),
      );
    if (!answered || answered.eventType !== 'EMAIL') {
      throw badRequest('body.messageId', "not one of this lead's emails");
    }
    if (answered.providerMessageId) {
      const earlier = Array.isArray(answered.data.references)
        ? (answered.data.references as string[])
        : [];
      threading = {
        inReplyTo: answered.providerMessageId,
        references: [...earlier, answered.providerMessageId],
      };
    }
  }
  const checked = await checkEmailFiles(input.files ?? []);
  // Checked again where it counts (in the transaction); here so a held send stores no files.
  await assertDraftIsCurrent(deps.database.db, lead, principal.id, input);
  const { attachments, otherAttachments } = await storeEmailFiles(deps.storage, checked);

  return storeAndEnqueue(
    deps,
    lead,
    {
      eventType: 'EMAIL',
      subject: input.subject,
      body: input.text,
      senderType: 'USER',
      senderName: principal.name,
      iconUrl: principal.pictureUrl,
      sentByUserId: principal.id,
      // The Message-ID is ours to choose: stored now, so replies can be threaded to this event.
      providerMessageId: newEmailMessageId(leasingEmail),
      attachments,
      data: {
        ...(threading ? { inReplyTo: threading.inReplyTo, references: threading.references } : {}),
        ...(otherAttachments.length > 0 ? { otherAttachments } : {}),
      },
    },
    input.idempotencyKey,
    actorOf(principal),
    input,
    schedule,
    // An email wakes nobody: the gate does not hold it for quiet hours.
    { now: deps.now(), override: false },
  );
};

const conflict = (message: string) => new HttpError('CONFLICT', message);

/** The idempotency key of the one retry a failed message may have: a second one collides. */
const retryKeyOf = (failedEventId: string) => `retry:${failedEventId}`;

/**
 * 'Retry' of a failed message: a new attempt of the same text (or email) as a new timeline event
 * linked both ways (`retryOf` on the new one, `retriedBy` on the failed one), queued for the same
 * send worker, so it really goes to the provider again under its own idempotency key. Only a failed
 * outgoing SMS or email of this lead, only once per failure (409 otherwise), and only while the
 * lead can still be reached on that channel (checked again now: they may have opted out since).
 */
export const retryMessage = async (
  deps: Omit<SendDeps, 'storage'>,
  principal: Principal,
  leadId: string,
  messageId: string,
): Promise<ConversationEvent> => {
  const lead = await getCompanyLead(deps.database.db, principal.companyId, leadId);
  const [failed] = await deps.database.db
    .select()
    .from(conversationEvents)
    .where(and(eq(conversationEvents.id, messageId), eq(conversationEvents.leadId, lead.id)));
  const isOutgoing =
    failed !== undefined &&
    (failed.eventType === 'SMS' || failed.eventType === 'EMAIL') &&
    failed.senderType !== 'LEAD' &&
    !(failed.eventType === 'EMAIL' && failed.senderType === 'SYSTEM');
  if (!failed || !isOutgoing) throw notFound('Message');
  if (failed.data.retriedBy) throw conflict('This message was already retried.');
  if (failed.sendingStatus !== 'FAILED') throw conflict('Only a failed message can be retried.');

  const channel = failed.eventType as 'SMS' | 'EMAIL';
  let providerMessageId: string | null = null;
  if (channel === 'SMS') {
    const refusal = smsRefusal(lead);
    if (refusal) throw refusal;
    const [property] = await deps.database.db
      .select({ companyId: properties.companyId, smsNumber: properties.smsNumber })
      .from(properties)
      .where(eq(properties.id, lead.propertyId));
    if (!property || !(await sendingNumberOf(deps.database.db, deps.shared, property))) {
      throw noSmsNumber();
    }
  } else {
    const [company] = await deps.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, lead.companyId));
    const refusal = emailRefusal(lead, company);
    if (refusal) throw refusal;
    // A new Message-ID: the new attempt is a message of its own to the relay and to the lead.
    providerMessageId = newEmailMessageId(company?.registeredLeasingEmail ?? '');
  }

  // Only the email's threading and files carry over: the failure was the old attempt's, and
  // nothing else (an opt-out confirmation's pass, say) may ride along on a person's retry.
  const threading =
    channel === 'EMAIL' && typeof failed.data.inReplyTo === 'string'
      ? { inReplyTo: failed.data.inReplyTo, references: failed.data.references }
      : {};
  const files =
    channel === 'EMAIL' && Array.isArray(failed.data.otherAttachments)
      ? { otherAttachments: failed.data.otherAttachments }
      : {};
  try {
    return await deps.events.transaction(async (scope) => {
      const attempt = await insertAndEnqueue(
        deps,
        scope,
        lead,
        {
          eventType: channel,
          subject: failed.subject,
          body: failed.body,
          senderType: 'USER',
          senderName: principal.name,
          iconUrl: principal.pictureUrl,
          attachments: failed.attachments,
          sentByUserId: principal.id,
          providerMessageId,
          data: { ...threading, ...files, retryOf: failed.id },
        },
        {
          actor: actorOf(principal),
          idempotencyKey: retryKeyOf(failed.id),
          // A retry is a new text: it waits for the lead's allowed hours like any other.
          quietHours: { now: deps.now(), override: false },
        },
      );
      const linked = await linkMessageRetry(scope.db, failed, attempt._id);
      // The failed bubble changes too (it now points to its retry): consoles refetch it.
      if (linked) scope.record(messageStatusChanged(linked));
      return attempt;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This message was already retried.');
    throw error;
  }
};
