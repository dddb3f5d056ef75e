import { and, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import {
  SEND_REFUSED_CODE,
  SENDER_INACTIVE_CODE,
  type ContactChannel,
  type ConversationEvent,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import {
  leads,
  users,
  type ConversationEventRow,
  type LeadRow,
  type NewConversationEventRow,
} from '../../db/schema/index.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort, RecordingScope } from '../../events/event-port.js';
import { HttpError } from '../../lib/errors.js';
import {
  appendTimelineEvent,
  handBackUnsentMessage,
  releaseScheduledMessage,
  toConversationEventDto,
} from '../conversation/index.js';
import { isOptedOutAddress } from '../lead/index.js';
import {
  checkStaffSmsWindow,
  quietHoursOverridden,
  type QuietHoursOverride,
} from '../scheduling/index.js';
import { messageStatusChanged } from './message-events.js';
import {
  releaseJobOptions,
  SCHEDULED_RELEASE_QUEUE,
  SEND_QUEUE,
  sendJobOptions,
  type ReleaseJob,
  type SendJob,
} from './send-queue.js';

/**
 * The send gate: the one file that queues a message to leave (a new one, a scheduled one
 * released, one handed back to the queue by the worker). Every text and lead email passes the
 * company's opt-out register here, and every text the lead's quiet hours; a scheduled message
 * leaves only under the name of a person still active. The per-person and per-company limits
 * (`send-limits.ts`) are one limiter per app, taken by every route that sends for a person before
 * it gets here. `send-gate.test.ts` fails the build when a send job is queued anywhere else.
 */

export type QueueDeps = { queue: PgBoss; jobExpireSeconds: number };

/** 'Send later': when the message leaves, and whether a reply of the lead first cancels it. */
export type SendSchedule = { at: Date; keepIfLeadReplies: boolean };

/** How a text meets the lead's quiet hours (an email wakes nobody: it is exempt). */
export type QuietHoursRule =
  /** A person's text now: 409 outside the hours unless overridden (audited; the policy may forbid it). */
  | { now: Date; override: boolean }
  /** The answer to the lead's own STOP, START or HELP: carriers expect it at once. */
  | 'keyword-reply'
  /** An unattended release the send window (`send-window.ts`) has already let through. */
  | 'send-window';

export const optedOutMessages: Record<ContactChannel, string> = {
  SMS: 'This prospect has opted out of SMS; the message was not sent.',
  EMAIL: 'This prospect has opted out of email; the message was not sent.',
};

const optedOut = (channel: ContactChannel) =>
  new HttpError(SEND_REFUSED_CODE, optedOutMessages[channel]);

const senderInactive = () =>
  new HttpError(
    SENDER_INACTIVE_CODE,
    'The person who scheduled this message is no longer active: write it again to send it under your name.',
  );

/**
 * The lead's own opt-out (read now, in the transaction: a STOP or START may have just changed it)
 * or its address on the company's register (another lead's opt-out, an address edited away and
 * back).
 */
const optOutRefusal = async (
  db: Db,
  leadId: string,
  channel: ContactChannel,
): Promise<HttpError | null> => {
  const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
  if (!lead) return null;
  const [status, address] =
    channel === 'SMS' ? [lead.phoneOptStatus, lead.phone] : [lead.emailOptStatus, lead.email];
  if (status === 'OPT_OUT' || (await isOptedOutAddress(db, lead.companyId, channel, address)))
    return optedOut(channel);
  return null;
};

const quietHoursOf = async (
  db: Db,
  leadId: string,
  channel: ContactChannel,
  rule: QuietHoursRule,
): Promise<QuietHoursOverride | null> =>
  channel === 'EMAIL' || typeof rule === 'string'
    ? null
    : checkStaffSmsWindow(db, leadId, { now: rule.now, override: rule.override });

const recordOverride = (
  scope: RecordingScope,
  row: Pick<ConversationEventRow, 'id' | 'companyId' | 'leadId'>,
  override: QuietHoursOverride | null,
  actor: Actor,
) => {
  if (!override) return;
  scope.record(
    quietHoursOverridden(
      { companyId: row.companyId, leadId: row.leadId, messageId: row.id },
      override,
      actor,
    ),
  );
};

const enqueueSend = async (
  deps: QueueDeps,
  sql: RecordingScope['sql'],
  eventId: string,
  singletonKey?: string,
) => {
  await deps.queue.send(SEND_QUEUE, { eventId } satisfies SendJob, {
    ...sendJobOptions(deps.jobExpireSeconds),
    ...(singletonKey ? { singletonKey } : {}),
    db: sql,
  });
};

/**
 * Queues the release of a scheduled message at `at`, in the caller's transaction (`sql`): the
 * message and its job commit together. The release comes back through this gate.
 */
export const enqueueRelease = async (
  queue: PgBoss,
  sql: RecordingScope['sql'],
  eventId: string,
  at: Date,
) => {
  await queue.send(SCHEDULED_RELEASE_QUEUE, { eventId } satisfies ReleaseJob, {
    ...releaseJobOptions(eventId, at),
    db: sql,
  });
};

export type QueueMessageOptions = {
  actor: Actor;
  idempotencyKey?: string | undefined;
  /** The template it was written from (its usage is counted on `message.created`). */
  templateId?: string | undefined;
  /** 'Send later': stored SCHEDULED; quiet hours are judged when it is released. */
  schedule?: SendSchedule | undefined;
  quietHours: QuietHoursRule;
  /** Only the confirmation of a STOP reaches the number that opted out. */
  evenIfOptedOut?: boolean;
};

/**
 * The gate for a new message: refused (nothing written) when the lead's address opted out or,
 * for a text now, outside the lead's allowed hours without an allowed override; otherwise the
 * PENDING event and its send job (or SCHEDULED and its release job) in the caller's
 * transaction, so neither exists without the other; records `message.created` (and the audited
 * override). The `conversation_events_touch_leads` trigger moves the lead's last activity.
 */
export const insertAndEnqueue = async (
  deps: QueueDeps,
  scope: RecordingScope,
  lead: LeadRow,
  event: Omit<NewConversationEventRow, 'companyId' | 'leadId' | 'sendingStatus'> & {
    eventType: ContactChannel;
  },
  options: QueueMessageOptions,
): Promise<ConversationEvent> => {
  const { db, sql, record } = scope;
  const channel = event.eventType;
  if (!options.evenIfOptedOut) {
    const refusal = await optOutRefusal(db, lead.id, channel);
    if (refusal) throw refusal;
  }
  const { schedule } = options;
  const override = schedule ? null : await quietHoursOf(db, lead.id, channel, options.quietHours);
  const values = schedule
    ? {
        ...event,
        sendingStatus: 'SCHEDULED' as const,
        scheduledAt: schedule.at,
        data: { ...event.data, keepIfLeadReplies: schedule.keepIfLeadReplies },
      }
    : { ...event, sendingStatus: 'PENDING' as const };
  const row = await appendTimelineEvent(db, {
    ...values,
    companyId: lead.companyId,
    leadId: lead.id,
    idempotencyKey: options.idempotencyKey,
  });
  if (schedule) await enqueueRelease(deps.queue, sql, row.id, schedule.at);
  else await enqueueSend(deps, sql, row.id);
  record(
    domainEvent('message.created', {
      companyId: row.companyId,
      leadId: row.leadId,
      timelineEventId: row.id,
      channel,
      actor: options.actor,
      ...(options.templateId ? { templateId: options.templateId } : {}),
      ...(schedule ? { scheduledAt: schedule.at.toISOString() } : {}),
    }),
  );
  recordOverride(scope, row, override, options.actor);
  return toConversationEventDto(row);
};

/** Whether the person a message would leave under can still send for the company. */
const senderIsActive = async (db: Db, event: ConversationEventRow) => {
  if (!event.sentByUserId) return true;
  const [user] = await db
    .select({ deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(and(eq(users.id, event.sentByUserId), eq(users.companyId, event.companyId)));
  return Boolean(user) && !user!.deactivatedAt;
};

export type ReleaseOutcome =
  | { kind: 'released'; row: ConversationEventRow }
  /** A release, a cancel or 'Send now' got there first. */
  | { kind: 'gone' }
  /** `error` answers a person ('Send now'); `reason` ends an unattended release's bubble. */
  | { kind: 'refused'; error: HttpError; reason: string };

/**
 * The gate for a scheduled message: SCHEDULED → PENDING with its send job, in the caller's
 * transaction, unless its sender is no longer active, the lead's address opted out since, or
 * (a person's 'Send now') it is outside the lead's allowed hours without an allowed override.
 * The conditional UPDATE is the one claim: of two processes (or a release and 'Send now') only
 * one gets the row back, so only one send job exists. The message moves to the bottom of the
 * timeline (its date is now).
 */
export const releaseToSend = async (
  deps: QueueDeps,
  scope: RecordingScope,
  event: ConversationEventRow,
  options: {
    now: Date;
    data: ConversationEventRow['data'];
    quietHours: QuietHoursRule;
    /** Who released it ('Send now'): an override of quiet hours is audited as theirs. */
    by?: Actor;
  },
): Promise<ReleaseOutcome> => {
  const { now, data, quietHours } = options;
  const { db } = scope;
  const channel = event.eventType as ContactChannel;
  if (!(await senderIsActive(db, event)))
    return {
      kind: 'refused',
      error: senderInactive(),
      reason: 'the person who scheduled it is no longer active',
    };
  const refusal = await optOutRefusal(db, event.leadId, channel);
  if (refusal)
    return { kind: 'refused', error: refusal, reason: 'the prospect opted out before it was due' };
  const override = await quietHoursOf(db, event.leadId, channel, quietHours);
  const released = await releaseScheduledMessage(db, event.id, {
    sendingStatus: 'PENDING',
    date: now,
    data,
  });
  if (!released) return { kind: 'gone' };
  await enqueueSend(deps, scope.sql, released.id, `send:${released.id}`);
  const actor: Actor = released.sentByUserId
    ? { kind: 'user', userId: released.sentByUserId, name: released.senderName ?? '' }
    : { kind: 'system' };
  // From now on it is the team's reply: the inbox trigger saw the release (SCHEDULED → PENDING),
  // and the pipeline, the first response and the `message.sent` webhook hear of it here.
  scope.record(
    messageStatusChanged(released),
    domainEvent('message.released', {
      companyId: released.companyId,
      leadId: released.leadId,
      timelineEventId: released.id,
      channel,
      actor,
    }),
  );
  recordOverride(scope, released, override, options.by ?? actor);
  return { kind: 'released', row: released };
};

/**
 * An unattended release whose text waited for its number's slot until the lead's quiet hours
 * began (the send worker asks the window again just before the provider): back to SCHEDULED, due
 * `now`, with a release job that holds it to the next allowed moment, or drops it when that is
 * past its deadline, as at its first release.
 */
export const returnToSchedule = async (
  deps: { queue: PgBoss; events: EventPort },
  eventId: string,
  now: Date,
) => {
  await deps.events.transaction(async (scope) => {
    const row = await handBackUnsentMessage(scope.db, eventId, {
      sendingStatus: 'SCHEDULED',
      scheduledAt: now,
    });
    if (!row) return;
    await enqueueRelease(deps.queue, scope.sql, row.id, now);
    scope.record(messageStatusChanged(row));
  });
};

/** Back to PENDING before the provider saw it (its number's slots were booked). */
export const markPending = async (db: Db, eventId: string) => {
  await handBackUnsentMessage(db, eventId, { sendingStatus: 'PENDING' });
};

/**
 * The worker hands a message it could not send yet (its number's slots are booked) back to the
 * queue, to start after a delay: it passed this gate when it was queued.
 */
export const requeueSend = async (
  queue: PgBoss,
  jobExpireSeconds: number,
  job: SendJob,
  startAfterSeconds: number,
) => {
  await queue.send(SEND_QUEUE, job, {
    ...sendJobOptions(jobExpireSeconds),
    startAfter: startAfterSeconds,
  });
};
