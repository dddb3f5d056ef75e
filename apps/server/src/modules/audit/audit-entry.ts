import type { Actor, DomainEvent } from '../../events/domain-events.js';
import type { PublishedEvent } from '../../events/event-port.js';
import type { NewAuditRow } from '../../db/schema/index.js';

type Target = { targetType: string; targetId: string };

/** What a change was made to, for each event the trail records. */
const targetOf = (event: DomainEvent): Target | null => {
  switch (event.type) {
    case 'message.created':
    case 'message.schedule_changed':
      return { targetType: 'message', targetId: event.timelineEventId };
    case 'note.added':
      return { targetType: 'note', targetId: event.noteId };
    case 'call.placed':
      return { targetType: 'call', targetId: event.callId };
    case 'decision.completed':
    case 'decision.reopened':
      return { targetType: 'decision', targetId: event.timelineEventId };
    case 'lead.status_changed':
      return { targetType: 'lead', targetId: event.leadId };
    case 'lost_reason.changed':
      return { targetType: 'lost_reason', targetId: event.reasonId };
    case 'lead_source.changed':
      return { targetType: 'lead_source', targetId: event.sourceId };
    case 'unmatched.resolved':
    case 'unmatched.opted_out':
      return { targetType: 'unmatched_message', targetId: event.unmatchedId };
    case 'lead.created':
    case 'lead.updated':
    case 'consent.changed':
    case 'access_link.created':
    case 'follow_up.changed':
      return { targetType: 'lead', targetId: event.leadId };
    case 'response_target.changed':
    case 'tour_settings.changed':
    case 'call_settings.changed':
      return { targetType: 'company', targetId: event.companyId };
    case 'call.recording_deleted':
      return { targetType: 'call', targetId: event.callId };
    case 'tour_calendar.renewed':
    case 'tour_calendar.turned_off':
      return { targetType: 'user', targetId: event.userId };
    case 'office_hours.changed':
    case 'tour_availability.changed':
    case 'voice_settings.changed':
      return { targetType: 'property', targetId: event.propertyId };
    case 'tour.booked':
    case 'tour.rescheduled':
    case 'tour.cancelled':
    case 'tour.confirmed':
      return { targetType: 'tour', targetId: event.tourId };
    case 'quiet_hours.changed':
      return { targetType: 'company', targetId: event.companyId };
    case 'quiet_hours.overridden':
      return { targetType: 'message', targetId: event.messageId };
    case 'timeline.event_added':
    case 'opt_out_review.decided':
    case 'message.sender_confirmed':
      return { targetType: 'timeline_event', targetId: event.timelineEventId };
    case 'payment_link.changed':
      return { targetType: 'payment_link', targetId: event.paymentLinkId };
    case 'api_key.created':
    case 'api_key.revoked':
      return { targetType: 'api_key', targetId: event.apiKeyId };
    case 'number.added':
    case 'number.removed':
    case 'number.source_changed':
    case 'number.tracking_changed':
      return { targetType: 'number', targetId: event.numberId };
    case 'property.upserted':
    case 'assignment_rule.changed':
      return { targetType: 'property', targetId: event.propertyId };
    case 'lead.assigned':
      return { targetType: 'lead', targetId: event.leadId };
    case 'auth.signed_in':
    case 'user.invitation_accepted':
    case 'user.role_changed':
    case 'user.deactivated':
    case 'user.reactivated':
    case 'user.phone_changed':
    case 'report_digest.changed':
    case 'inbox.exported':
      return { targetType: 'user', targetId: event.userId };
    case 'user.invited':
    case 'user.invitation_revoked':
    case 'user.invitation_link_copied':
      return { targetType: 'invitation', targetId: event.invitationId };
    case 'webhook_endpoint.created':
    case 'webhook_endpoint.updated':
    case 'webhook_endpoint.deleted':
    case 'webhook_endpoint.secret_rotated':
      return { targetType: 'webhook_endpoint', targetId: event.endpointId };
    case 'webhook_delivery.redelivered':
      return { targetType: 'webhook_delivery', targetId: event.deliveryId };
    case 'template.created':
    case 'template.updated':
    case 'template.deleted':
      return { targetType: 'template', targetId: event.templateId };
    default:
      return null;
  }
};

/** The facts a row keeps beside its target, per event. */
const afterOf = (event: DomainEvent): Record<string, unknown> | null => {
  switch (event.type) {
    case 'message.created':
      return event.scheduledAt
        ? { channel: event.channel, scheduledAt: event.scheduledAt }
        : { channel: event.channel };
    case 'message.schedule_changed':
      return {
        change: event.change,
        scheduledAt: event.scheduledAt,
        ...(event.changes ? { changed: event.changes } : {}),
      };
    case 'lead.updated':
      return event.after ?? { changed: event.changes };
    case 'lead.status_changed':
      return event.after === 'LOST'
        ? { status: event.after, lostReason: event.lostReason ?? null, note: event.note ?? null }
        : { status: event.after };
    case 'decision.completed':
      return event.outcome ? { outcome: event.outcome } : null;
    case 'decision.reopened':
      return { status: 'PENDING' };
    case 'lost_reason.changed':
      return event.change === 'removed' ? null : { name: event.name };
    case 'lead_source.changed':
      // A merge says in words where the leads and numbers went.
      return event.into
        ? {
            mergedInto: event.into.name,
            movedLeads: event.into.leads,
            movedNumbers: event.into.numbers,
          }
        : { name: event.name };
    case 'timeline.event_added':
      return { eventType: event.eventType };
    case 'unmatched.resolved':
      return { resolution: event.resolution, leadId: event.toLeadId };
    case 'consent.changed':
      return { channel: event.channel, status: event.status, source: event.source };
    case 'unmatched.opted_out':
      return { channel: event.channel, address: event.address, source: event.source };
    case 'opt_out_review.decided':
      return { decision: event.decision };
    case 'payment_link.changed':
      return { stage: event.stage };
    case 'access_link.created':
      return { actingAsUserId: event.actingAsUserId, expiresAt: event.expiresAt };
    case 'api_key.created':
      // What a key may do is the point of auditing its creation.
      return { name: event.name, scopes: event.scopes, expiresAt: event.expiresAt };
    case 'api_key.revoked':
      return { name: event.name };
    case 'number.added':
    case 'number.removed':
      return { number: event.number };
    case 'number.source_changed':
      return { number: event.number, source: event.after };
    case 'number.tracking_changed':
      return { number: event.number, property: event.after };
    case 'property.upserted':
      return { created: event.created, changed: event.changes };
    case 'lead.assigned':
      return { owner: event.owner };
    case 'assignment_rule.changed':
      return { roundRobin: event.roundRobin, agentIds: event.agentIds };
    case 'auth.sign_in_failed':
      return { reason: event.reason };
    case 'report_digest.changed':
      return { weeklyDigest: event.enabled };
    case 'inbox.exported':
      return event.query;
    case 'follow_up.changed':
      return { followUpAt: event.dueAt };
    case 'response_target.changed':
      return { firstReplyTargetMinutes: event.after };
    case 'office_hours.changed':
    case 'quiet_hours.changed':
    case 'tour_availability.changed':
    case 'tour_settings.changed':
    case 'voice_settings.changed':
    case 'call_settings.changed':
      return event.after;
    case 'call.recording_deleted':
      return { recording: null, retentionDays: event.retentionDays };
    case 'tour.booked':
    case 'tour.rescheduled':
      return { start: event.start, type: event.kind };
    case 'tour.cancelled':
      return { status: 'CANCELLED' };
    case 'tour.confirmed':
      return { confirmed: true };
    case 'quiet_hours.overridden':
      return { localTime: event.localTime, zone: event.zone };
    case 'user.invited':
      return { email: event.email, role: event.role };
    case 'user.invitation_accepted':
      return { invitationId: event.invitationId, email: event.email, role: event.role };
    case 'user.invitation_revoked':
      return { email: event.email, reason: event.reason };
    case 'user.invitation_link_copied':
      return { email: event.email };
    case 'user.role_changed':
      return { role: event.after };
    case 'user.deactivated':
      return { status: 'deactivated' };
    case 'user.reactivated':
      return { status: 'active' };
    case 'user.phone_changed':
      return { phone: event.after };
    case 'call.placed':
      return { from: event.from, to: event.to };
    case 'webhook_endpoint.created':
      return { url: event.url, events: event.events };
    case 'webhook_endpoint.updated':
      return event.after;
    case 'webhook_endpoint.deleted':
      return { url: event.url };
    case 'webhook_delivery.redelivered':
      return { endpointId: event.endpointId, event: event.event };
    case 'template.created':
      return { name: event.name, scope: event.scope };
    case 'template.updated':
      return { name: event.name, changed: event.changes };
    case 'template.deleted':
      return { name: event.name, scope: event.scope };
    default:
      return null;
  }
};

/** The values a change replaced, where the event knows them. */
const beforeOf = (event: DomainEvent): Record<string, unknown> | null => {
  switch (event.type) {
    case 'lead.updated':
      return event.before ?? null;
    case 'lead.status_changed':
      return { status: event.before };
    case 'decision.reopened':
      return { status: 'COMPLETED' };
    case 'lost_reason.changed':
      return event.change === 'added' ? null : { name: event.before ?? event.name };
    case 'lead_source.changed':
      return event.change === 'added' ? null : { name: event.before ?? event.name };
    case 'number.source_changed':
      return { number: event.number, source: event.before };
    case 'number.tracking_changed':
      return { number: event.number, property: event.before };
    case 'user.role_changed':
      return { role: event.before };
    case 'lead.assigned':
      return { owner: event.previousOwner };
    case 'user.deactivated':
      return { status: 'active' };
    case 'user.reactivated':
      return { status: 'deactivated' };
    case 'user.phone_changed':
      return { phone: event.before };
    case 'response_target.changed':
      return { firstReplyTargetMinutes: event.before };
    case 'webhook_endpoint.updated':
    case 'office_hours.changed':
    case 'quiet_hours.changed':
    case 'tour_availability.changed':
    case 'tour_settings.changed':
    case 'voice_settings.changed':
    case 'call_settings.changed':
      return event.before;
    case 'call.recording_deleted':
      return { recording: 'kept', startedAt: event.startedAt };
    case 'tour.rescheduled':
      return { start: event.previousStart, type: event.previousKind };
    case 'tour.cancelled':
      return { start: event.start, type: event.kind };
    default:
      return null;
  }
};

const actorOf = (event: DomainEvent): Actor | undefined =>
  'actor' in event ? event.actor : undefined;

/**
 * The audit row of a published event, or null when nobody made the change (a provider's status,
 * an inbound message, an automatic reply): the trail records what people and keys do. `keyName`
 * names an integration key actor.
 */
export const auditRowOf = (
  event: PublishedEvent,
  context: { ip: string | null; requestId: string | null; keyName: string | null },
): NewAuditRow | null => {
  const base = {
    eventId: event.id,
    occurredAt: event.occurredAt,
    action: event.type,
    leadId: 'leadId' in event ? event.leadId : null,
    ...(targetOf(event) ?? {}),
    before: beforeOf(event),
    after: afterOf(event),
    ip: context.ip,
    requestId: context.requestId,
  };
  if (event.type === 'auth.sign_in_failed') {
    return {
      ...base,
      companyId: event.companyId,
      actorType: 'anonymous',
      actorName: event.email,
    };
  }
  if (event.type === 'unmatched.opted_out') {
    // Nobody on the staff did it: the number's owner did, by text; the trail names the number.
    return { ...base, companyId: event.companyId, actorType: 'system', actorName: event.address };
  }
  if (event.type === 'call.recording_deleted') {
    // The retention sweep's: nobody pressed anything, and the trail says what rule did it.
    return {
      ...base,
      companyId: event.companyId,
      actorType: 'system',
      actorName: `Retention: ${event.retentionDays} days`,
    };
  }
  const actor = actorOf(event);
  if (!actor || actor.kind === 'system') return null;
  return {
    ...base,
    companyId: event.companyId,
    ...(actor.kind === 'user'
      ? { actorType: 'user', actorUserId: actor.userId, actorName: actor.name }
      : {
          actorType: 'api-key',
          actorApiKeyId: actor.apiKeyId,
          actorName: context.keyName,
          actingAsUserId: actor.actingAsUserId ?? null,
        }),
  };
};
