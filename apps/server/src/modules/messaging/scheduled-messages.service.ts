import { and, eq, lt, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { ConversationEvent, ScheduleUpdate } from '@leasing/contract';
import type { Database } from '../../db/client.js';
import { conversationEvents, type ConversationEventRow } from '../../db/schema/index.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort, RecordingScope } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import type { Principal } from '../../lib/principal.js';
import { toConversationEventDto } from '../conversations/conversations.service.js';
import { getCompanyLead } from '../leads/leads.service.js';
import { messageStatusChanged } from './message-events.js';
import { enqueueRelease, scheduleOf } from './send.service.js';
import { SEND_QUEUE, sendJobOptions, type SendJob } from './send-queue.js';
import type { SendWindow } from './send-window.js';
import { SMS_MAX_LENGTH } from '@leasing/contract';

export type ScheduleDeps = {
  database: Database;
  events: EventPort;
  queue: PgBoss;
  jobExpireSeconds: number;
  now: Clock;
};

/** A release this much after its time means the server was down then: the bubble says so. */
export const LATE_AFTER_MS = 2 * 60 * 1000;

const notScheduled = () =>
  new HttpError(
    409,
    'NOT_SCHEDULED',
    'This message is no longer scheduled: it was sent or cancelled.',
  );

const actorOf = (principal: Principal): Actor => ({
  kind: 'user',
  userId: principal.id,
  name: principal.name,
});

/** Our outgoing message of this lead (a person's, the assistant's), or 404. */
const findOwnMessage = async (
  deps: ScheduleDeps,
  principal: Principal,
  leadId: string,
  id: string,
) => {
  const lead = await getCompanyLead(deps.database.db, principal.companyId, leadId);
  const [row] = await deps.database.db
    .select()
    .from(conversationEvents)
    .where(and(eq(conversationEvents.id, id), eq(conversationEvents.leadId, lead.id)));
  if (!row || (row.eventType !== 'SMS' && row.eventType !== 'EMAIL') || row.senderType === 'LEAD')
    throw notFound('Message');
  return row;
};

/** Changes a SCHEDULED row only if it is still SCHEDULED: a release or a cancel may have won. */
const updateScheduled = async (
  db: RecordingScope['db'],
  id: string,
  set: Partial<typeof conversationEvents.$inferInsert>,
) =>
  (
    await db
      .update(conversationEvents)
      .set(set)
      .where(and(eq(conversationEvents.id, id), eq(conversationEvents.sendingStatus, 'SCHEDULED')))
      .returning()
  )[0];

/**
 * Moves a SCHEDULED message on to PENDING and queues its send job, in the caller's transaction.
 * The conditional UPDATE is the one claim: of two processes (or a release and 'Send now'), only
 * one gets the row back, so only one send job exists. The message moves to the bottom of the
 * timeline (its date is now).
 */
const release = async (
  deps: Pick<ScheduleDeps, 'queue' | 'jobExpireSeconds'>,
  scope: RecordingScope,
  event: ConversationEventRow,
  now: Date,
  data: ConversationEventRow['data'],
) => {
  const released = await updateScheduled(scope.db, event.id, {
    sendingStatus: 'PENDING',
    date: now,
    data,
  });
  if (!released) return undefined;
  await deps.queue.send(SEND_QUEUE, { eventId: released.id } satisfies SendJob, {
    ...sendJobOptions(deps.jobExpireSeconds),
    singletonKey: `send:${released.id}`,
    db: scope.sql,
  });
  // From now on it is the team's reply: the inbox trigger saw the release (SCHEDULED → PENDING),
  // and the pipeline, the first response and the `message.sent` webhook hear of it here.
  scope.record(
    messageStatusChanged(released),
    domainEvent('message.released', {
      companyId: released.companyId,
      leadId: released.leadId,
      timelineEventId: released.id,
      channel: released.eventType as 'SMS' | 'EMAIL',
      actor: released.sentByUserId
        ? { kind: 'user', userId: released.sentByUserId, name: released.senderName ?? '' }
        : { kind: 'system' },
    }),
  );
  return released;
};

/** Without the notes of an earlier hold or release: each move writes its own. */
const withoutScheduleNotes = (data: ConversationEventRow['data']) => {
  const { heldUntil: _held, sentLateFrom: _late, ...rest } = data;
  return rest;
};

/**
 * The release job of a scheduled message, at (or after) its time. An early job (the time was
 * moved later since) does nothing: the edit queued a job of its own. A time the send window does
 * not allow keeps it SCHEDULED, moved to the next allowed moment ("Held for quiet hours"). A job
 * that runs more than `LATE_AFTER_MS` late (the server was down) still sends, and says so.
 */
export const releaseScheduled = async (
  deps: ScheduleDeps & { sendWindow: SendWindow },
  eventId: string,
) => {
  const [event] = await deps.database.db
    .select()
    .from(conversationEvents)
    .where(eq(conversationEvents.id, eventId));
  if (!event || event.sendingStatus !== 'SCHEDULED' || !event.scheduledAt) return;
  const now = deps.now();
  if (event.scheduledAt.getTime() > now.getTime() + 1000) return;
  const window = await deps.sendWindow({
    leadId: event.leadId,
    companyId: event.companyId,
    channel: event.eventType as 'SMS' | 'EMAIL',
    now,
  });
  await deps.events.transaction(async (scope) => {
    if (!window.allowed) {
      const held = await updateScheduled(scope.db, event.id, {
        scheduledAt: window.nextAllowedAt,
        data: {
          ...withoutScheduleNotes(event.data),
          heldUntil: window.nextAllowedAt.toISOString(),
        },
      });
      if (!held) return;
      await enqueueRelease(deps.queue, scope.sql, held.id, window.nextAllowedAt);
      scope.record(messageStatusChanged(held));
      return;
    }
    const late = now.getTime() - event.scheduledAt!.getTime() > LATE_AFTER_MS;
    const data = {
      ...withoutScheduleNotes(event.data),
      ...(late ? { sentLateFrom: event.scheduledAt!.toISOString() } : {}),
    };
    await release(deps, scope, event, now, data);
  });
};

const scheduleChanged = (
  row: ConversationEventRow,
  change: 'edited' | 'canceled' | 'sent_now',
  actor: Actor,
  changes?: string[],
) =>
  domainEvent('message.schedule_changed', {
    companyId: row.companyId,
    leadId: row.leadId,
    timelineEventId: row.id,
    change,
    ...(changes ? { changes } : {}),
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    actor,
  });

/** 'Edit' of a scheduled message: its text, subject (email), time or keep-if-replied switch. */
export const editScheduled = async (
  deps: ScheduleDeps,
  principal: Principal,
  leadId: string,
  messageId: string,
  input: ScheduleUpdate,
): Promise<ConversationEvent> => {
  const event = await findOwnMessage(deps, principal, leadId, messageId);
  if (event.sendingStatus !== 'SCHEDULED') throw notScheduled();
  const schedule = scheduleOf(deps.now, { sendAt: input.sendAt }, 'body.sendAt');
  if (input.subject !== undefined && event.eventType !== 'EMAIL')
    throw badRequest('body.subject', 'only an email has a subject');
  if (input.text !== undefined && event.eventType === 'SMS' && input.text.length > SMS_MAX_LENGTH)
    throw badRequest('body.text', `at most ${SMS_MAX_LENGTH} characters per SMS`);
  const set: Partial<typeof conversationEvents.$inferInsert> = {};
  const changes: string[] = [];
  if (input.text !== undefined && input.text !== event.body) {
    set.body = input.text;
    changes.push('text');
  }
  if (input.subject !== undefined && input.subject !== event.subject) {
    set.subject = input.subject;
    changes.push('subject');
  }
  if (schedule && schedule.at.getTime() !== event.scheduledAt?.getTime()) {
    set.scheduledAt = schedule.at;
    changes.push('sendAt');
  }
  let data = event.data;
  if (schedule) data = withoutScheduleNotes(data);
  if (
    input.keepIfLeadReplies !== undefined &&
    input.keepIfLeadReplies !== Boolean(event.data.keepIfLeadReplies)
  ) {
    data = { ...data, keepIfLeadReplies: input.keepIfLeadReplies };
    changes.push('keepIfLeadReplies');
  }
  set.data = data;
  return deps.events.transaction(async (scope) => {
    const row = await updateScheduled(scope.db, event.id, set);
    if (!row) throw notScheduled();
    // The job for the old time finds the message not yet due and leaves it to this one.
    if (set.scheduledAt) await enqueueRelease(deps.queue, scope.sql, row.id, set.scheduledAt);
    scope.record(
      messageStatusChanged(row),
      scheduleChanged(row, 'edited', actorOf(principal), changes),
    );
    return toConversationEventDto(row);
  });
};

/** 'Cancel' of a scheduled message by a person: it never leaves ("Cancelled"). */
export const cancelScheduled = async (
  deps: ScheduleDeps,
  principal: Principal,
  leadId: string,
  messageId: string,
): Promise<ConversationEvent> => {
  const event = await findOwnMessage(deps, principal, leadId, messageId);
  if (event.sendingStatus !== 'SCHEDULED') throw notScheduled();
  return deps.events.transaction(async (scope) => {
    const row = await updateScheduled(scope.db, event.id, {
      sendingStatus: 'CANCELED',
      data: { ...event.data, canceledReason: 'BY_USER', canceledByUserName: principal.name },
    });
    if (!row) throw notScheduled();
    scope.record(messageStatusChanged(row), scheduleChanged(row, 'canceled', actorOf(principal)));
    return toConversationEventDto(row);
  });
};

/** 'Send now': released at once, as a person's send (the send window is for unattended sends). */
export const sendScheduledNow = async (
  deps: ScheduleDeps,
  principal: Principal,
  leadId: string,
  messageId: string,
): Promise<ConversationEvent> => {
  const event = await findOwnMessage(deps, principal, leadId, messageId);
  if (event.sendingStatus !== 'SCHEDULED') throw notScheduled();
  return deps.events.transaction(async (scope) => {
    const row = await release(deps, scope, event, deps.now(), withoutScheduleNotes(event.data));
    if (!row) throw notScheduled();
    scope.record(scheduleChanged(row, 'sent_now', actorOf(principal)));
    return toConversationEventDto(row);
  });
};

/**
 * Cancel-on-reply, in the transaction that stored the lead's message: every message of the lead
 * scheduled before it arrived, and not marked to go anyway, is cancelled ("Not sent: the lead
 * replied first"). A message scheduled after the lead wrote was written knowing the reply; an
 * automatic answer (`Auto-Submitted`) cancels nothing.
 */
export const cancelOnLeadReply = async (
  scope: RecordingScope,
  leadId: string,
  inboundEventId: string,
) => {
  const [inbound] = await scope.db
    .select({
      createdAt: conversationEvents.createdAt,
      senderType: conversationEvents.senderType,
      data: conversationEvents.data,
    })
    .from(conversationEvents)
    .where(eq(conversationEvents.id, inboundEventId));
  // An out-of-office answer or a mail program's report is not the lead writing.
  if (!inbound || inbound.senderType !== 'LEAD' || inbound.data.autoSubmitted === true) return;
  const canceled = await scope.db
    .update(conversationEvents)
    .set({
      sendingStatus: 'CANCELED',
      data: sql`${conversationEvents.data} || '{"canceledReason":"LEAD_REPLIED"}'::jsonb`,
    })
    .where(
      and(
        eq(conversationEvents.leadId, leadId),
        eq(conversationEvents.sendingStatus, 'SCHEDULED'),
        sql`${conversationEvents.scheduledAt} is not null`,
        sql`coalesce((${conversationEvents.data} ->> 'keepIfLeadReplies')::boolean, false) = false`,
        lt(conversationEvents.createdAt, inbound.createdAt),
      ),
    )
    .returning();
  for (const row of canceled) scope.record(messageStatusChanged(row));
};
