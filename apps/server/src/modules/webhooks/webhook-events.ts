import type { LeadOwner, WebhookActor, WebhookEventName } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { Actor, DomainEventType } from '../../events/domain-events.js';
import type { PublishedEvent } from '../../events/event-port.js';
import {
  findApiKeyName,
  findConversationEvent,
  findLeadFacts,
  findNoteText,
  findUserFacts,
} from './webhooks.repository.js';

/**
 * The one table from domain events to public webhook events. A domain event not named here is
 * never sent to a receiver.
 */
export const publicEventOf = {
  'lead.assigned': 'lead.assigned',
  'lead.status_changed': 'lead.status_changed',
  'decision.completed': 'decision.completed',
  // An outgoing message was stored: by a person, a key or an automatic reply; a scheduled one
  // when it leaves its schedule (`message.released`), not when it is written.
  'message.created': 'message.sent',
  'message.released': 'message.sent',
  'message.received': 'message.received',
  'note.added': 'note.added',
  'follow_up.due': 'follow_up.due',
  'tour.booked': 'tour.booked',
  'tour.rescheduled': 'tour.rescheduled',
  'tour.cancelled': 'tour.cancelled',
  'tour.completed': 'tour.completed',
} as const satisfies Partial<Record<DomainEventType, WebhookEventName>>;

export type WebhookSourceType = keyof typeof publicEventOf;
export const webhookSourceTypes = Object.keys(publicEventOf) as WebhookSourceType[];

/**
 * What makes two domain events one webhook event. A received message is published again when its
 * stored copy changes (media ready): the receiver hears of it once.
 */
export const dedupeKeyOf = (event: PublishedEvent<WebhookSourceType>): string =>
  event.type === 'message.received' ? `message.received:${event.timelineEventId}` : event.id;

const actorOf = async (db: Db, actor: Actor): Promise<WebhookActor> => {
  switch (actor.kind) {
    case 'user': {
      const user = await findUserFacts(db, actor.userId);
      return { kind: 'user', name: actor.name, email: user?.email ?? null };
    }
    case 'api-key':
      return { kind: 'api-key', name: await findApiKeyName(db, actor.apiKeyId) };
    case 'system':
      return { kind: 'system' };
  }
};

const ownerOf = (owner: LeadOwner) =>
  owner.kind === 'user'
    ? { kind: 'user' as const, userId: owner.userId, name: owner.name }
    : { kind: owner.kind };

const messageOf = async (db: Db, companyId: string, timelineEventId: string) => {
  const row = await findConversationEvent(db, companyId, timelineEventId);
  return {
    id: timelineEventId,
    channel: row?.eventType === 'EMAIL' ? 'EMAIL' : 'SMS',
    text: row?.body ?? null,
    subject: row?.subject ?? null,
    attachments: row?.attachments.length ?? 0,
  };
};

/** The event's own facts under `data`, beside the lead. */
const factsOf = async (
  db: Db,
  event: PublishedEvent<WebhookSourceType>,
): Promise<Record<string, unknown>> => {
  switch (event.type) {
    case 'lead.assigned':
      return {
        owner: ownerOf(event.owner),
        previousOwner: ownerOf(event.previousOwner),
        actor: await actorOf(db, event.actor),
      };
    case 'lead.status_changed':
      return {
        status: event.after,
        previousStatus: event.before,
        lostReason: event.lostReason ?? null,
        note: event.note ?? null,
        actor: await actorOf(db, event.actor),
      };
    case 'decision.completed':
      return {
        decision: { id: event.timelineEventId, outcome: event.outcome ?? null },
        outcome: event.outcome ?? null,
        actor: await actorOf(db, event.actor),
      };
    case 'message.created':
    case 'message.released':
      return {
        message: await messageOf(db, event.companyId, event.timelineEventId),
        actor: await actorOf(db, event.actor),
      };
    case 'message.received':
      return { message: await messageOf(db, event.companyId, event.timelineEventId) };
    case 'note.added':
      return {
        note: { id: event.noteId, text: await findNoteText(db, event.companyId, event.noteId) },
        actor: await actorOf(db, event.actor),
      };
    case 'follow_up.due': {
      const owner = event.ownerUserId ? await findUserFacts(db, event.ownerUserId) : undefined;
      return {
        followUp: { dueAt: event.dueAt },
        owner: owner ? { kind: 'user', userId: owner.id, name: owner.name } : null,
      };
    }
    case 'tour.booked':
    case 'tour.cancelled':
      return {
        tour: { id: event.tourId, start: event.start, type: event.kind },
        actor: await actorOf(db, event.actor),
      };
    case 'tour.rescheduled':
      return {
        tour: { id: event.tourId, start: event.start, type: event.kind },
        previous: { start: event.previousStart, type: event.previousKind },
        actor: await actorOf(db, event.actor),
      };
    case 'tour.completed':
      return {
        tour: { id: event.tourId, start: event.start, type: event.kind, outcome: event.outcome },
        actor: await actorOf(db, event.actor),
      };
  }
};

/**
 * The body of a delivery (`webhookPayloadSchema`) without its `id` (one per endpoint), read inside
 * the transaction of the change: the lead and the event's facts as they are at that moment. Null
 * when the lead is not the company's.
 */
export const buildPayload = async (
  db: Db,
  event: PublishedEvent<WebhookSourceType>,
): Promise<Record<string, unknown> | null> => {
  const lead = await findLeadFacts(db, event.companyId, event.leadId);
  if (!lead) return null;
  return {
    type: publicEventOf[event.type],
    createdAt: event.occurredAt.toISOString(),
    companyId: event.companyId,
    data: { lead, ...(await factsOf(db, event)) },
  };
};
