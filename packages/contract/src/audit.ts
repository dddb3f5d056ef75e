import { z } from 'zod';
import { isoDateSchema, pageQuerySchema } from './common.js';

/** What the audit trail records: the domain event of each change a person or a key makes. */
export const auditActions = [
  'auth.signed_in',
  'auth.sign_in_failed',
  'message.created',
  'message.schedule_changed',
  'note.added',
  'decision.completed',
  'decision.reopened',
  'lead.status_changed',
  'lost_reason.changed',
  'lead_source.changed',
  'lead.created',
  'lead.updated',
  'timeline.event_added',
  'payment_link.changed',
  'access_link.created',
  'api_key.created',
  'api_key.revoked',
  'number.added',
  'number.removed',
  'number.source_changed',
  'number.tracking_changed',
  'property.upserted',
  'user.invited',
  'user.invitation_accepted',
  'user.invitation_revoked',
  'user.invitation_link_copied',
  'user.role_changed',
  'user.deactivated',
  'user.reactivated',
  'lead.assigned',
  'assignment_rule.changed',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.deleted',
  'webhook_endpoint.secret_rotated',
  'webhook_delivery.redelivered',
  'follow_up.changed',
  'response_target.changed',
  'office_hours.changed',
  'tour_availability.changed',
  'tour_settings.changed',
  'voice_settings.changed',
  'call_settings.changed',
  'call.recording_deleted',
  'call.placed',
  'user.phone_changed',
  'tour_calendar.renewed',
  'tour_calendar.turned_off',
  'tour.booked',
  'tour.rescheduled',
  'tour.cancelled',
  'tour.confirmed',
  'quiet_hours.changed',
  'quiet_hours.overridden',
  'message.sender_confirmed',
  'report_digest.changed',
  'inbox.exported',
  'message.released',
  'consent.changed',
  'opt_out_review.decided',
  'unmatched.resolved',
  'unmatched.opted_out',
  'template.created',
  'template.updated',
  'template.deleted',
] as const;
export const auditActionSchema = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** How the Audit page and its CSV name each action. */
export const auditActionLabels: Record<AuditAction, string> = {
  'auth.signed_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'message.created': 'Sent a message',
  'message.schedule_changed': 'Changed a scheduled message',
  'note.added': 'Added a note',
  'decision.completed': 'Completed a decision',
  'decision.reopened': 'Reopened a decision',
  'lead.status_changed': 'Changed a lead status',
  'lost_reason.changed': 'Changed the lost reasons',
  'lead_source.changed': 'Changed the lead sources',
  'lead.created': 'Created a lead',
  'lead.updated': 'Changed a lead',
  'timeline.event_added': 'Added a timeline event',
  'payment_link.changed': 'Sent a payment link',
  'access_link.created': 'Made a secure link',
  'api_key.created': 'Created an API key',
  'api_key.revoked': 'Revoked an API key',
  'number.added': 'Added a number',
  'number.removed': 'Removed a number',
  'number.source_changed': "Changed a number's source",
  'number.tracking_changed': 'Changed the property a number tracks leads for',
  'property.upserted': 'Saved a property',
  'user.invited': 'Invited a teammate',
  'user.invitation_accepted': 'Accepted an invitation',
  'user.invitation_revoked': 'Revoked an invitation',
  'user.invitation_link_copied': 'Copied an invitation link',
  'user.role_changed': 'Changed a role',
  'user.deactivated': 'Deactivated a user',
  'user.reactivated': 'Reactivated a user',
  'lead.assigned': 'Assigned a lead',
  'assignment_rule.changed': 'Changed automatic assignment',
  'webhook_endpoint.created': 'Added a webhook endpoint',
  'webhook_endpoint.updated': 'Changed a webhook endpoint',
  'webhook_endpoint.deleted': 'Deleted a webhook endpoint',
  'webhook_endpoint.secret_rotated': "Rotated a webhook endpoint's secret",
  'webhook_delivery.redelivered': 'Redelivered a webhook',
  'follow_up.changed': 'Set a follow-up',
  'response_target.changed': 'Changed the response target',
  'office_hours.changed': 'Changed office hours',
  'tour_availability.changed': 'Changed tour availability',
  'tour_settings.changed': 'Changed tour settings',
  'voice_settings.changed': 'Changed call settings',
  'call_settings.changed': 'Changed call recording',
  'call.recording_deleted': 'Deleted a call recording past its retention',
  'call.placed': 'Placed a call',
  'user.phone_changed': 'Changed their phone',
  'tour_calendar.renewed': 'Made a new tour calendar link',
  'tour_calendar.turned_off': 'Turned off the tour calendar link',
  'tour.booked': 'Booked a tour',
  'tour.rescheduled': 'Rescheduled a tour',
  'tour.cancelled': 'Cancelled a tour',
  'tour.confirmed': 'Confirmed a tour',
  'quiet_hours.changed': 'Changed quiet hours',
  'quiet_hours.overridden': 'Sent outside allowed hours',
  'message.sender_confirmed': 'Confirmed an email sender',
  'report_digest.changed': 'Changed the weekly report email',
  'inbox.exported': 'Exported the inbox',
  'message.released': 'Sent a scheduled message',
  'consent.changed': 'Changed consent',
  'opt_out_review.decided': 'Decided a possible opt-out',
  'unmatched.resolved': 'Handled an unmatched message',
  'unmatched.opted_out': 'Opted out by text (unmatched)',
  'template.created': 'Created a template',
  'template.updated': 'Changed a template',
  'template.deleted': 'Deleted a template',
};

/** `system`: nobody signed in made it, e.g. a number that opted out by text (named by `name`). */
export const auditActorTypes = ['user', 'api-key', 'anonymous', 'system'] as const;

export const auditEntrySchema = z.object({
  _id: z.string(),
  occurredAt: z.string(),
  action: auditActionSchema,
  actor: z.object({
    type: z.enum(auditActorTypes),
    userId: z.string().nullable(),
    apiKeyId: z.string().nullable(),
    /** A person's name, a key's name, or the email a failed sign-in tried. */
    name: z.string().nullable(),
    /** A key acting as a colleague: that colleague's id. */
    actingAsUserId: z.string().nullable(),
  }),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  /** The lead the change was made to, with what its page's address needs. */
  lead: z
    .object({ _id: z.string(), name: z.string(), propertyID: z.string(), pmsLeadId: z.string() })
    .nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The Audit page's filters, each optional. */
const auditFilterFields = z.object({
  /** A staff member of the company, by id. */
  userId: z.uuid('Choose a person from the list').optional(),
  action: auditActionSchema.optional(),
  leadId: z.uuid('Choose a lead').optional(),
  /** From this moment on (inclusive). */
  from: isoDateSchema.optional(),
  /** Before this moment (exclusive). */
  to: isoDateSchema.optional(),
});

const fromBeforeTo = (filter: { from?: string; to?: string }) =>
  !filter.from || !filter.to || new Date(filter.from) < new Date(filter.to);
const fromBeforeToIssue = { message: 'must be after the start', path: ['to'] };

export const auditFilterSchema = auditFilterFields.refine(fromBeforeTo, fromBeforeToIssue);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** The filters and a keyset page (newest first). */
export const auditQuerySchema = auditFilterFields
  .extend(pageQuerySchema.shape)
  .refine(fromBeforeTo, fromBeforeToIssue);
export type AuditQuery = z.infer<typeof auditQuerySchema>;
