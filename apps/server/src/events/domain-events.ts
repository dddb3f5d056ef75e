import type {
  CallDirection,
  CallOutcome,
  ConsentChannel,
  ConsentSource,
  LeadOwner,
  LeadStatus,
  OptStatus,
  StaffRole,
  TourKind,
  TourOutcome,
} from '@leasing/contract';

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

/** A tour's change, with the timeline event it put on the lead's timeline. */
type TourFact = LeadFact & {
  tourId: string;
  timelineEventId: string;
  start: string;
  kind: TourKind;
  actor: Actor;
};

/** A change of the company itself, not of one lead (keys, numbers, users, properties). */
type CompanyFact = { companyId: string };

/** A template's identity in its events: `personal` ones belong to the actor. */
type TemplateFact = {
  templateId: string;
  name: string;
  scope: 'company' | 'personal';
  actor: Actor;
};

/** Who made the change: a staff user, an integration key, or nobody (the system, a provider). */
export type Actor =
  | { kind: 'user'; userId: string; name: string }
  // An id, like the rest of an event: a subscriber that shows the key's name reads it.
  | { kind: 'api-key'; apiKeyId: string; actingAsUserId?: string }
  | { kind: 'system' };

export type DomainEventMap = {
  /** An outgoing message was stored (and queued): by a person, a key or an automatic reply. */
  'message.created': LeadFact & {
    timelineEventId: string;
    channel: 'SMS' | 'EMAIL';
    actor: Actor;
    /** The template the message was written from, when the sender said so. */
    templateId?: string;
    /**
     * Set when the message waits for its time ('Send later'): it is the team's reply only when it
     * leaves (`message.released`), so the pipeline, first responses and the `message.sent`
     * webhook wait for that.
     */
    scheduledAt?: string;
  };
  /**
   * A scheduled message left its schedule for the send queue (at its time, or 'Send now'): from
   * now on it is the team's reply, like a message sent at once (`message.created`).
   */
  'message.released': LeadFact & {
    timelineEventId: string;
    channel: 'SMS' | 'EMAIL';
    /** Who wrote and scheduled it. */
    actor: Actor;
  };
  /**
   * A person changed a scheduled message ('Send later') before it left: edited its text or time,
   * cancelled it, or sent it now.
   */
  'message.schedule_changed': LeadFact & {
    timelineEventId: string;
    change: 'edited' | 'canceled' | 'sent_now';
    /** With `edited`: the fields changed. */
    changes?: string[];
    scheduledAt: string | null;
    actor: Actor;
  };
  /** An outgoing message moved on: in progress, sent, delivered, failed. */
  'message.status_changed': LeadFact & { timelineEventId: string; status: string };
  /** A lead's message arrived (SMS, MMS or email), or its stored copy changed (media ready). */
  'message.received': LeadFact & { timelineEventId: string; channel: 'SMS' | 'EMAIL' };
  /**
   * A person confirmed the sender of a lead's email that failed verification: from now on it is
   * the lead's reply (`message.received` is recorded with it).
   */
  'message.sender_confirmed': LeadFact & { timelineEventId: string; actor: Actor };
  /** A lead's message got its English translation. */
  'message.translated': LeadFact & { timelineEventId: string; translation: string };
  /** Something else reached the lead's timeline (an opt-out, a bounce, a tour, a call, …). */
  'timeline.event_added': LeadFact & { timelineEventId: string; eventType: string; actor?: Actor };
  /**
   * A call's CALL event changed: Twilio told its outcome, length, recording or transcript (the
   * call's arrival is `timeline.event_added`).
   */
  'call.updated': LeadFact & {
    timelineEventId: string;
    callId: string;
    direction: CallDirection;
    outcome: CallOutcome | null;
    /** Before this change: `answered` arrives once per call. */
    previousOutcome: CallOutcome | null;
  };
  /**
   * A person placed a call to the lead (click-to-call): Twilio rings their own phone, then the
   * lead from `from`, the property's number (the call's CALL event is `timeline.event_added`).
   */
  'call.placed': LeadFact & { callId: string; from: string; to: string; actor: Actor };
  'note.added': LeadFact & { noteId: string; actor: Actor };
  /** An office decision was completed, with what was decided (free text, may be null). */
  'decision.completed': LeadFact & {
    timelineEventId: string;
    actor: Actor;
    outcome?: string | null;
  };
  /** A completed decision was reopened ('Undo', within a minute of completing it). */
  'decision.reopened': LeadFact & { timelineEventId: string; actor: Actor };
  /** The lead's owner changed (a person, the assistant, or nobody). */
  'lead.assigned': LeadFact & {
    owner: LeadOwner;
    previousOwner: LeadOwner;
    timelineEventId: string;
    actor: Actor;
  };
  /** An admin changed a property's automatic assignment (round robin and its people). */
  'assignment_rule.changed': CompanyFact & {
    propertyId: string;
    roundRobin: boolean;
    agentIds: string[];
    actor: Actor;
  };
  /** The lead moved in the leasing pipeline, by hand or automatically (actor `system`). */
  'lead.status_changed': LeadFact & {
    before: LeadStatus;
    after: LeadStatus;
    /** With `LOST`: the reason from the company's list, and an optional note. */
    lostReason?: string | null;
    note?: string | null;
    /** Set when a person recorded how a past tour went. */
    tourOutcome?: TourOutcome;
    timelineEventId: string;
    actor: Actor;
  };
  /** An admin added, renamed or removed one of the company's lost reasons. */
  'lost_reason.changed': CompanyFact & {
    reasonId: string;
    name: string;
    change: 'added' | 'renamed' | 'removed';
    /** The name before a rename. */
    before?: string;
    actor: Actor;
  };
  /**
   * An admin (or an integration naming a new source on a lead) added a lead source, or an admin
   * renamed one or merged it into another (its leads and numbers moved there; it is gone).
   */
  'lead_source.changed': CompanyFact & {
    sourceId: string;
    name: string;
    change: 'added' | 'renamed' | 'merged';
    /** The name before a rename. */
    before?: string;
    /** With `merged`: the source that took its leads and numbers, and how many moved. */
    into?: { sourceId: string; name: string; leads: number; numbers: number };
    actor: Actor;
  };
  /** A follow-up was set, moved or cleared (`dueAt` null) on the lead. */
  'follow_up.changed': LeadFact & { dueAt: string | null; actor: Actor };
  /** A follow-up came due (published once per follow-up, by the scheduler). */
  'follow_up.due': LeadFact & { dueAt: string; ownerUserId: string | null };
  /** A new lead waited past the company's first-reply target (counted in office hours). */
  'speed_to_lead.breached': LeadFact & {
    waitingSince: string;
    targetMinutes: number;
    ownerUserId: string | null;
  };
  /** An admin changed the company's first-reply target (minutes of office hours). */
  'response_target.changed': CompanyFact & { before: number; after: number; actor: Actor };
  /** An admin changed a property's time zone or opening hours. */
  'office_hours.changed': CompanyFact & {
    propertyId: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    actor: Actor;
  };
  /** A manager or admin changed a property's tour types, hours or limits. */
  'tour_availability.changed': CompanyFact & {
    propertyId: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    actor: Actor;
  };
  /** A tour was booked for the lead (its SCHEDULED_TOUR_APPOINTMENT event is `timelineEventId`). */
  'tour.booked': TourFact;
  /** A booked tour moved (a SCHEDULED_TOUR_APPOINTMENT event at its new time). */
  'tour.rescheduled': TourFact & { previousStart: string; previousKind: TourKind };
  /** A booked tour was cancelled and its place freed (a CANCELED_TOUR_APPOINTMENT event). */
  'tour.cancelled': TourFact;
  /** The lead confirmed their tour (a person recorded it, or the lead's reply did). */
  'tour.confirmed': LeadFact & { tourId: string; actor: Actor };
  /** How a past tour went was recorded ('Toured' or 'No-show' in the pane). */
  'tour.completed': LeadFact & {
    tourId: string;
    start: string;
    kind: TourKind;
    outcome: TourOutcome;
    actor: Actor;
  };
  /** A person made (or renewed) their tour calendar feed URL, or turned it off. */
  'tour_calendar.renewed': CompanyFact & { userId: string; actor: Actor };
  'tour_calendar.turned_off': CompanyFact & { userId: string; actor: Actor };
  /** An admin changed the company's tour settings (reminders, the no-show text, releasing). */
  'tour_settings.changed': CompanyFact & {
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    actor: Actor;
  };
  /** An admin changed the company's call recording (recording on or off, the retention). */
  'call_settings.changed': CompanyFact & {
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    actor: Actor;
  };
  /** A call's recording was deleted, its retention period over (the system's sweep). */
  'call.recording_deleted': LeadFact & {
    callId: string;
    timelineEventId: string;
    startedAt: string;
    retentionDays: number;
    actor: Actor;
  };
  /** An admin changed a property's voice settings (greeting, forwarding, voicemail, text-back). */
  'voice_settings.changed': CompanyFact & {
    propertyId: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    actor: Actor;
  };
  /** An admin changed the company's quiet hours (Settings → Quiet hours). */
  'quiet_hours.changed': CompanyFact & {
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    actor: Actor;
  };
  /** A person sent a text outside the lead's allowed hours ('Send now'). */
  'quiet_hours.overridden': LeadFact & {
    /** The text (its timeline event). */
    messageId: string;
    /** The lead's clock when it was sent, e.g. `10:14 PM`, and their zone. */
    localTime: string;
    zone: string;
    actor: Actor;
  };
  /**
   * A payment link was sent, opened, paid or expired; `created` is a link made for a template's
   * `{{paymentLink}}`, which goes out inside the message the template fills.
   */
  'payment_link.changed': LeadFact & {
    paymentLinkId: string;
    stage: 'created' | 'sent' | 'opened' | 'paid' | 'expired';
    timelineEventId: string | null;
    /** Who made the link (stage `sent`); the payer and the provider move the other stages. */
    actor?: Actor;
  };
  /** The lead's own data changed (contact details, consent, decision state). */
  'lead.updated': LeadFact & {
    changes: string[];
    actor: Actor;
    /** The changed fields' values before and after, where the writer knows them. */
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
    /** The CONTACT_CHANGE event a person's edit put on the timeline. */
    timelineEventId?: string;
  };
  /**
   * The lead's consent to a channel changed by a person, an integration or an unsubscribe link
   * (a STOP text says so on its message: `message.received` and `lead.updated`).
   */
  'consent.changed': LeadFact & {
    channel: ConsentChannel;
    status: OptStatus;
    source: ConsentSource;
    /** The CONSENT_CHANGE event on the lead's timeline. */
    timelineEventId: string;
    actor: Actor;
  };
  /** A person decided a lead's text flagged as a possible opt-out. */
  'opt_out_review.decided': LeadFact & {
    /** The flagged message. */
    timelineEventId: string;
    decision: 'OPT_OUT' | 'NOT_OPT_OUT';
    actor: Actor;
  };
  /** A person resolved an unmatched message: moved it to a lead, made a lead of it, or dismissed it. */
  'unmatched.resolved': CompanyFact & {
    unmatchedId: string;
    resolution: 'ASSIGNED' | 'LEAD_CREATED' | 'DISMISSED';
    /** The lead the message went to (not `leadId`: this is no fact of one lead's). */
    toLeadId: string | null;
    actor: Actor;
  };
  /**
   * A text that opted out (STOP, or a revocation in words) was kept as unmatched: its number went
   * on the company's opt-out register at once. The sender did it (actor `system`); audited.
   */
  'unmatched.opted_out': CompanyFact & {
    unmatchedId: string;
    channel: 'SMS';
    /** The number, E.164. */
    address: string;
    source: ConsentSource;
    actor: Actor;
  };
  /** A lead was created by hand or by an integration. */
  'lead.created': LeadFact & { actor: Actor };
  /** A staff member signed in (password or external token exchange). */
  'auth.signed_in': CompanyFact & { userId: string; actor: Actor };
  /** A sign-in failed: a wrong password, an unknown email, a locked or deactivated account. */
  'auth.sign_in_failed': { companyId: string | null; email: string; reason: string };
  /** A key was made, with what it may do and until when (null: no expiry). */
  'api_key.created': CompanyFact & {
    apiKeyId: string;
    name: string;
    scopes: string[];
    expiresAt: string | null;
    actor: Actor;
  };
  'api_key.revoked': CompanyFact & { apiKeyId: string; name: string; actor: Actor };
  'number.added': CompanyFact & { numberId: string; number: string; actor: Actor };
  'number.removed': CompanyFact & { numberId: string; number: string; actor: Actor };
  /** An admin gave a number the source its new leads get, or cleared it (null: none). */
  'number.source_changed': CompanyFact & {
    numberId: string;
    number: string;
    before: string | null;
    after: string | null;
    actor: Actor;
  };
  /** An admin made a number a tracking number of a property, moved it, or ended it (null: none). */
  'number.tracking_changed': CompanyFact & {
    numberId: string;
    number: string;
    before: string | null;
    after: string | null;
    actor: Actor;
  };
  /** An admin invited someone to the company (Settings → Team). */
  'user.invited': CompanyFact & {
    invitationId: string;
    email: string;
    role: StaffRole;
    actor: Actor;
  };
  /**
   * An invitation was accepted: the user now exists (the actor is that new user). `email` is the
   * address it was sent to: whoever opened the link proved only that they held it.
   */
  'user.invitation_accepted': CompanyFact & {
    invitationId: string;
    userId: string;
    email: string;
    role: StaffRole;
    actor: Actor;
  };
  /** An invitation stopped working: an admin revoked it, or its inviter was deactivated. */
  'user.invitation_revoked': CompanyFact & {
    invitationId: string;
    email: string;
    reason: 'revoked' | 'inviter_deactivated';
    actor: Actor;
  };
  /** An admin took a fresh link of a pending invitation ('Copy invitation link'). */
  'user.invitation_link_copied': CompanyFact & {
    invitationId: string;
    email: string;
    actor: Actor;
  };
  'user.role_changed': CompanyFact & {
    userId: string;
    before: StaffRole;
    after: StaffRole;
    actor: Actor;
  };
  /** A person set, changed or removed their own phone (the one click-to-call rings). */
  'user.phone_changed': CompanyFact & {
    userId: string;
    before: string | null;
    after: string | null;
    actor: Actor;
  };
  /** An admin deactivated a user: their sessions, tokens and sockets ended with it. */
  'user.deactivated': CompanyFact & { userId: string; actor: Actor };
  'user.reactivated': CompanyFact & { userId: string; actor: Actor };
  /** A secure-access link to one lead was made, acting for `actingAsUserId`. */
  'access_link.created': LeadFact & { actingAsUserId: string; expiresAt: string; actor: Actor };
  /** An admin added an outbound webhook endpoint (Settings → Webhooks). */
  'webhook_endpoint.created': CompanyFact & {
    endpointId: string;
    url: string;
    events: string[];
    actor: Actor;
  };
  /** An admin changed an endpoint's URL, description, events or active state. */
  'webhook_endpoint.updated': CompanyFact & {
    endpointId: string;
    changes: string[];
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    actor: Actor;
  };
  'webhook_endpoint.deleted': CompanyFact & { endpointId: string; url: string; actor: Actor };
  /** The endpoint's signing secret was replaced: the old one signs nothing from now on. */
  'webhook_endpoint.secret_rotated': CompanyFact & { endpointId: string; actor: Actor };
  /** An admin queued a delivery again ('Redeliver'), with the same id. */
  'webhook_delivery.redelivered': CompanyFact & {
    deliveryId: string;
    endpointId: string;
    event: string;
    actor: Actor;
  };
  /** A message template was made, changed or deleted (Settings → Templates). */
  'template.created': CompanyFact & TemplateFact;
  'template.updated': CompanyFact & TemplateFact & { changes: string[] };
  'template.deleted': CompanyFact & TemplateFact;
  /** A manager or admin turned their weekly report email on or off. */
  'report_digest.changed': CompanyFact & { userId: string; enabled: boolean; actor: Actor };
  /**
   * A person downloaded the inbox as CSV: nothing changed, but the company's lead list (names,
   * phones, emails) left the console, so the trail says who took it and with which narrowing.
   */
  'inbox.exported': CompanyFact & { userId: string; query: Record<string, string>; actor: Actor };
  /** An integration created or changed a property. */
  'property.upserted': CompanyFact & {
    propertyId: string;
    created: boolean;
    changes: string[];
    actor: Actor;
  };
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
  'timelineEventId' in event ? (event.timelineEventId ?? null) : null;
