import { z } from 'zod';
import { isoDateSchema } from './common.js';
import { conversationEventSchema } from './conversation.js';
import { leadStatusSchema } from './workflow.js';

/**
 * The reasons a company starts with for losing a lead (admins rename, add and remove them under
 * Settings → Pipeline). The database seeds a new company with these (migration 0016's trigger).
 */
export const DEFAULT_LOST_REASONS = [
  'Chose another community',
  'Price',
  'No response',
  'Did not qualify',
  'Moved elsewhere',
  'Other',
] as const;

/** The reason that says nothing by itself: a lead lost for it needs a note. */
export const OTHER_LOST_REASON = 'Other';

export const LOST_REASON_MAX_LENGTH = 80;
export const STATUS_NOTE_MAX_LENGTH = 500;

/** `PUT /api/leads/:leadId/status`: any status by hand; LOST takes a reason of the company's list. */
export const setLeadStatusRequestSchema = z.object({
  status: leadStatusSchema,
  /** Required with LOST: one of the company's lost reasons, by name. */
  lostReason: z.string().trim().min(1).max(LOST_REASON_MAX_LENGTH).optional(),
  /** Optional, except with the reason 'Other'. */
  note: z.string().trim().max(STATUS_NOTE_MAX_LENGTH).optional(),
});
export type SetLeadStatusRequest = z.infer<typeof setLeadStatusRequestSchema>;

/**
 * `PUT …/leads/:pmsLeadId/status` of the integration API: the property-management system says
 * where the lead is (an application, a signed lease) and when it happened; reports count the step
 * on that date, and the timeline shows it there.
 */
export const integrationStatusRequestSchema = setLeadStatusRequestSchema.extend({
  occurredAt: isoDateSchema
    .optional()
    .meta({ description: 'When it happened, ISO 8601 with an offset; now when left out.' }),
});
export type IntegrationStatusRequest = z.infer<typeof integrationStatusRequestSchema>;

export const leadStatusStateSchema = z.object({
  status: leadStatusSchema,
  lostReason: z.string().nullable(),
  statusChangedAt: isoDateSchema.nullable(),
  /** A tour's time has passed and nobody said how it went: the pane asks 'Toured' or 'No-show'. */
  tourOutcomePending: z.boolean(),
});
export type LeadStatusState = z.infer<typeof leadStatusStateSchema>;

export const leadStatusResponseSchema = z.object({
  state: leadStatusStateSchema,
  /** The timeline event recording the change; null when nothing changed. */
  event: conversationEventSchema.nullable(),
});
export type LeadStatusResponse = z.infer<typeof leadStatusResponseSchema>;

export const tourOutcomes = ['TOURED', 'NO_SHOW'] as const;
export const tourOutcomeSchema = z.enum(tourOutcomes);
export type TourOutcome = z.infer<typeof tourOutcomeSchema>;
export const tourOutcomeLabels: Record<TourOutcome, string> = {
  TOURED: 'Toured',
  NO_SHOW: 'No-show',
};

/** `POST /api/leads/:leadId/tour-outcome`: how a tour whose time has passed went. */
export const tourOutcomeRequestSchema = z.object({ outcome: tourOutcomeSchema });
export type TourOutcomeRequest = z.infer<typeof tourOutcomeRequestSchema>;

export const lostReasonSchema = z.object({ _id: z.string(), name: z.string() });
export type LostReason = z.infer<typeof lostReasonSchema>;
export const lostReasonListSchema = z.object({ items: z.array(lostReasonSchema) });
export type LostReasonList = z.infer<typeof lostReasonListSchema>;

export const lostReasonInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name the reason')
    .max(LOST_REASON_MAX_LENGTH, `At most ${LOST_REASON_MAX_LENGTH} characters`),
});
export type LostReasonInput = z.infer<typeof lostReasonInputSchema>;

export const lostReasonParamsSchema = z.object({ reasonId: z.uuid() });

/** `data` of a LEAD_STATUS_CHANGE timeline event. */
export const leadStatusChangeDataSchema = z.object({
  before: leadStatusSchema,
  after: leadStatusSchema,
  lostReason: z.string().nullable().optional(),
  note: z.string().nullable().optional(),
  /** Set when the change answered a tour's outcome prompt with 'No-show'. */
  tourOutcome: tourOutcomeSchema.optional(),
  /** Moved by an event (first outbound message, a tour scheduled or canceled), not by a person. */
  automatic: z.boolean().optional(),
});
export type LeadStatusChangeData = z.infer<typeof leadStatusChangeDataSchema>;
