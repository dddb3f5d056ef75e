import { and, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { ConversationEvent, ScheduleUpdate } from '@leasing/contract';
import type { Database } from '../../db/client.js';
import { conversationEvents, type ConversationEventRow } from '../../db/schema/index.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort, RecordingScope } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import type { Principal } from '../../lib/principal.js';
import {
  cancelScheduledBeforeReply,
  cancelScheduledMadeFor,
  cancelScheduledMessagesOfSender,
  toConversationEventDto,
  updateScheduledMessage,
} from '../conversation/index.js';
import { getCompanyLead } from '../lead/index.js';
import { messageStatusChanged } from './message-events.js';
import { scheduleOf } from './send.service.js';
import { enqueueRelease, releaseToSend } from './send-gate.js';
import { UNATTENDED_RELEASE } from './send-queue.js';
import type { SendWindow } from '../scheduling/index.js';
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
  new HttpError('NOT_SCHEDULED', 'This message is no longer scheduled: it was sent or cancelled.');

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

/**
 * What a release the gate refused becomes: failed, with the gate's reason on the bubble (its
 * sender is no longer active, the lead opted out since), in the caller's transaction.
 */
const refuseRelease = async (
  scope: RecordingScope,
  event: ConversationEventRow,
  reason: string,
) => {
  const failed = await updateScheduledMessage(scope.db, event.id, {
    sendingStatus: 'FAILED',
    data: { ...event.data, failureReason: `Not sent: ${reason}.` },
  });
  if (failed) scope.record(messageStatusChanged(failed));
};

/** Without the notes of an earlier hold or release: each move writes its own. */
const withoutScheduleNotes = (data: ConversationEventRow['data']) => {
  const {
    heldUntil: _held,
    sentLateFrom: _late,
    [UNATTENDED_RELEASE]: _unattended,
    ...rest
  } = data;
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
  // A message with a deadline (a tour's reminder: the tour's start) that could leave only at or
  // after it is not sent at all: the lead's quiet hours last past the moment it was for.
  const leavesAt = window.allowed ? now : window.nextAllowedAt;
  const expiresAt =
    typeof event.data.expiresAt === 'string' ? Date.parse(event.data.expiresAt) : NaN;
  await deps.events.transaction(async (scope) => {
    if (leavesAt.getTime() >= expiresAt) {
      const skipped = await updateScheduledMessage(scope.db, event.id, {
        sendingStatus: 'CANCELED',
        data: { ...withoutScheduleNotes(event.data), canceledReason: 'TOO_LATE' },
      });
      if (skipped) scope.record(messageStatusChanged(skipped));
      return;
    }
    if (!window.allowed) {
      const held = await updateScheduledMessage(scope.db, event.id, {
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
      // The send worker asks the window again before the provider: the text may wait for its
      // number's slot past the start of quiet hours.
      [UNATTENDED_RELEASE]: true,
    };
    const outcome = await releaseToSend(deps, scope, event, {
      now,
      data,
      quietHours: 'send-window',
    });
    if (outcome.kind === 'refused') await refuseRelease(scope, event, outcome.reason);
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
    const row = await updateScheduledMessage(scope.db, event.id, set);
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
    const row = await updateScheduledMessage(scope.db, event.id, {
      sendingStatus: 'CANCELED',
      data: { ...event.data, canceledReason: 'BY_USER', canceledByUserName: principal.name },
    });
    if (!row) throw notScheduled();
    scope.record(messageStatusChanged(row), scheduleChanged(row, 'canceled', actorOf(principal)));
    return toConversationEventDto(row);
  });
};

/**
 * 'Send now': released at once, as a person's send now: the gate asks the lead's allowed hours
 * (409 `QUIET_HOURS` unless `quietHoursOverride`, audited, if the company allows it), the opt-out
 * register and whether its sender is still active.
 */
export const sendScheduledNow = async (
  deps: ScheduleDeps,
  principal: Principal,
  leadId: string,
  messageId: string,
  input: { quietHoursOverride?: boolean | undefined } = {},
): Promise<ConversationEvent> => {
  const event = await findOwnMessage(deps, principal, leadId, messageId);
  if (event.sendingStatus !== 'SCHEDULED') throw notScheduled();
  const now = deps.now();
  return deps.events.transaction(async (scope) => {
    const outcome = await releaseToSend(deps, scope, event, {
      now,
      data: withoutScheduleNotes(event.data),
      quietHours: { now, override: input.quietHoursOverride ?? false },
      by: actorOf(principal),
    });
    if (outcome.kind === 'refused') throw outcome.error;
    if (outcome.kind === 'gone') throw notScheduled();
    scope.record(scheduleChanged(outcome.row, 'sent_now', actorOf(principal)));
    return toConversationEventDto(outcome.row);
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
  const canceled = await cancelScheduledBeforeReply(scope.db, leadId, inbound.createdAt);
  for (const row of canceled) scope.record(messageStatusChanged(row));
};

/**
 * A tour moved or cancelled, in its transaction: the texts scheduled for it (confirmation,
 * reminders) that have not left are cancelled ('Not sent: the tour changed').
 */
export const cancelScheduledTourTexts = async (
  scope: RecordingScope,
  leadId: string,
  tourId: string,
) => {
  const canceled = await cancelScheduledMadeFor(
    scope.db,
    leadId,
    { key: 'tourId', value: tourId },
    'TOUR_CHANGED',
  );
  for (const row of canceled) scope.record(messageStatusChanged(row));
};

/**
 * Deactivation of a person, in the admin's transaction: every message they scheduled that has not
 * left is cancelled ("Not sent: its sender was deactivated"), each recorded as the admin's change.
 */
export const cancelScheduledOfSender = async (
  scope: RecordingScope,
  companyId: string,
  userId: string,
  actor: Extract<Actor, { kind: 'user' }>,
) => {
  const canceled = await cancelScheduledMessagesOfSender(scope.db, companyId, userId, actor.name);
  for (const row of canceled) {
    scope.record(messageStatusChanged(row), scheduleChanged(row, 'canceled', actor));
  }
};
