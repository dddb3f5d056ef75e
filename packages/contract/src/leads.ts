import { z } from 'zod';
import { isoDateSchema, pageOf } from './common.js';
import { companyStatusSchema } from './company.js';
import { leadConsentSchema, optStatusSchema } from './consent.js';
import { conversationEventSchema } from './conversation.js';
import { leadLightsSchema } from './follow-ups.js';
import { noteSchema } from './notes.js';
import { leadTimeZoneSchema } from './quiet-hours.js';
import { leadSourceRefSchema } from './sources.js';
import { leadOwnerSchema, leadStatusSchema } from './workflow.js';

export const officeDecisionStatuses = ['PENDING', 'COMPLETED'] as const;
export const officeDecisionStatusSchema = z.enum(officeDecisionStatuses);
export type OfficeDecisionStatus = z.infer<typeof officeDecisionStatusSchema>;

export const officeDecisionStateSchema = z.object({
  status: officeDecisionStatusSchema,
  completedAt: isoDateSchema.nullable(),
  completedByUserName: z.string().nullable(),
  /** What was decided, as the person who completed it wrote it (optional). */
  outcome: z.string().nullable(),
});

export const propertySchema = z.object({
  _id: z.string(),
  name: z.string(),
  pmsPropertyId: z.string(),
  address: z.string().nullable(),
  leadCount: z.number().int(),
});
export type Property = z.infer<typeof propertySchema>;
export const propertyListSchema = z.array(propertySchema);

export const leadSummarySchema = z.object({
  _id: z.string(),
  pmsLeadId: z.string(),
  propertyID: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  phoneOptStatus: optStatusSchema,
  emailOptStatus: optStatusSchema,
  /** Set when mail to the lead hard-bounced: the address does not take mail. */
  emailBouncedAt: isoDateSchema.nullable(),
  officeDecisionStatus: officeDecisionStatusSchema.nullable(),
  tourDateUTC: isoDateSchema.nullable(),
  lastActivityAt: isoDateSchema,
  /** Who works the lead: a staff user, the assistant, or nobody. */
  owner: leadOwnerSchema,
  status: leadStatusSchema,
  /** When someone should get back to the lead; null when no follow-up is set. */
  followUpAt: isoDateSchema.nullable(),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;
export const leadPageSchema = pageOf(leadSummarySchema);
export type LeadPage = z.infer<typeof leadPageSchema>;

export const leadSchema = z.object({
  _id: z.string(),
  pmsLeadId: z.string(),
  propertyID: z.string(),
  propertyName: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  companyID: z.string(),
  companyName: z.string(),
  companyRegisteredLeasingEmail: z.string().nullable(),
  companyStatus: companyStatusSchema,
  /** IANA zone of the company's office: tour times are shown in it. */
  companyTimeZone: z.string(),
  tourDateUTC: isoDateSchema.nullable(),
  phoneOptStatus: optStatusSchema,
  emailOptStatus: optStatusSchema,
  /** Set when mail to the lead hard-bounced: the address does not take mail. */
  emailBouncedAt: isoDateSchema.nullable(),
  /** When and how the lead last opted in or out, per channel. */
  consent: leadConsentSchema,
  preferredLanguage: z.string().nullable(),
  officeDecisionState: officeDecisionStateSchema.nullable(),
  /** Who works the lead: a staff user, the assistant, or nobody. */
  owner: leadOwnerSchema,
  status: leadStatusSchema,
  /** Why the lead was lost (status LOST), from the company's list. */
  lostReason: z.string().nullable(),
  /** Where the lead came from, from the company's list; null when nobody knows. */
  source: leadSourceRefSchema.nullable(),
  /** A tour's time has passed without an outcome: the pane asks 'Toured' or 'No-show'. */
  tourOutcomePending: z.boolean(),
  /** When someone should get back to the lead; null when no follow-up is set. */
  followUpAt: isoDateSchema.nullable(),
  /** The property's time zone (its own, else the company's): 'Tomorrow 9:00 AM' is in it. */
  propertyTimeZone: z.string(),
  /** The lead's local time zone: texts respect the company's quiet hours in it. */
  timeZone: leadTimeZoneSchema,
  /**
   * When a text from the property's number last failed with Twilio 30034 (not registered for A2P
   * 10DLC) with none delivered since; null when texts go through. Admins see a banner.
   */
  propertyA2pUnregisteredAt: isoDateSchema.nullable(),
  lights: leadLightsSchema,
  notes: z.array(noteSchema),
  conversations: z.array(conversationEventSchema),
  /** Pass as `before` to GET /api/leads/:leadId/conversations; null when nothing is older. */
  conversationsCursor: z.string().nullable(),
});
export type Lead = z.infer<typeof leadSchema>;

export const propertyParamsSchema = z.object({ propertyId: z.uuid() });
/** The web app's lead route (`:propertyId/:leadId`, the PMS lead id); kept for the web. */
export const leadParamsSchema = z.object({
  propertyId: z.uuid(),
  leadId: z.string().min(1).max(200),
});
/** `GET /api/properties/:propertyId/leads/:pmsLeadId`. */
export const pmsLeadParamsSchema = z.object({
  propertyId: z.uuid(),
  pmsLeadId: z.string().min(1).max(200),
});

export const DECISION_OUTCOME_MAX_LENGTH = 500;

export const officeDecisionUpdateSchema = z.object({
  status: z.literal('COMPLETED'),
  isSeenByUser: z.boolean(),
  /** What was decided, e.g. "Approved — waive the $180.00 late fee"; optional. */
  outcome: z
    .string()
    .trim()
    .max(DECISION_OUTCOME_MAX_LENGTH, `At most ${DECISION_OUTCOME_MAX_LENGTH} characters`)
    .optional(),
});
export type OfficeDecisionUpdate = z.infer<typeof officeDecisionUpdateSchema>;

export const officeDecisionParamsSchema = z.object({ companyId: z.uuid(), leadId: z.uuid() });

export const officeDecisionResponseSchema = z.object({
  officeDecisionState: officeDecisionStateSchema,
  /** The timeline event recording the completion; null when it was already completed. */
  event: conversationEventSchema.nullable(),
});
export type OfficeDecisionResponse = z.infer<typeof officeDecisionResponseSchema>;

/** A completed decision may be reopened ('Undo') this long after it was completed. */
export const DECISION_UNDO_WINDOW_MS = 60_000;
