/**
 * Every domain event the server publishes, typed in one place. A service records these while it
 * changes data; the event port publishes them once the change is committed. Subscribers (live
 * updates to consoles today; the audit trail, outbound webhooks and notifications next) register on
 * the port and the emitting service never knows them.
 *
 * Fields are ids and facts, not rows: a subscriber that needs more reads it (or the event is stored
 * as is by a durable subscriber). `timelineEventId` names the conversation event the change put on
 * (or changed in) the lead's timeline, when there is one.
 */
type LeadFact = {
  companyId: string;
  /** The lead's UUID. */
  leadId: string;
};

/** Who made the change: a staff user, an integration key, or nobody (the system, a provider). */
export type Actor =
  | { kind: 'user'; userId: string; name: string }
  // An id, like the rest of an event: a subscriber that shows the key's name reads it.
  | { kind: 'api-key'; apiKeyId: string }
  | { kind: 'system' };

export type DomainEventMap = {
  /** An outgoing message was stored (and queued): by a person, a key or an automatic reply. */
  'message.created': LeadFact & {
    timelineEventId: string;
    channel: 'SMS' | 'EMAIL';
    actor: Actor;
  };
  /** An outgoing message moved on: in progress, sent, delivered, failed. */
  'message.status_changed': LeadFact & { timelineEventId: string; status: string };
  /** A lead's message arrived (SMS, MMS or email), or its stored copy changed (media ready). */
  'message.received': LeadFact & { timelineEventId: string; channel: 'SMS' | 'EMAIL' };
  /** A lead's message got its English translation. */
  'message.translated': LeadFact & { timelineEventId: string; translation: string };
  /** Something else reached the lead's timeline (an opt-out, a bounce, a tour, a call, …). */
  'timeline.event_added': LeadFact & { timelineEventId: string; eventType: string };
  'note.added': LeadFact & { noteId: string; actor: Actor };
  'decision.completed': LeadFact & { timelineEventId: string; actor: Actor };
  /** A payment link was created, opened, paid or expired. */
  'payment_link.changed': LeadFact & {
    paymentLinkId: string;
    stage: 'sent' | 'opened' | 'paid' | 'expired';
    timelineEventId: string | null;
  };
  /** The lead's own data changed (contact details, consent, decision state). */
  'lead.updated': LeadFact & { changes: string[]; actor: Actor };
};

export type DomainEventType = keyof DomainEventMap;

export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: { type: K } & DomainEventMap[K];
}[T];

/** Builds a typed event; `domainEvent('note.added', {...})` checks the payload against its type. */
export const domainEvent = <T extends DomainEventType>(
  type: T,
  payload: DomainEventMap[T],
): DomainEvent<T> => ({ type, ...payload }) as DomainEvent<T>;

/** The timeline event a domain event names, if any: what consoles are told to fetch. */
export const timelineEventIdOf = (event: DomainEvent): string | null =>
  'timelineEventId' in event ? event.timelineEventId : null;
