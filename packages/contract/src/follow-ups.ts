import { z } from 'zod';
import { isoDateSchema } from './common.js';

/** `PUT /api/leads/:leadId/follow-up`: when to get back to the lead (future), or null to clear it. */
export const followUpUpdateSchema = z.object({ dueAt: isoDateSchema.nullable() });
export type FollowUpUpdate = z.infer<typeof followUpUpdateSchema>;

/** Speed-to-lead of a waiting lead: past 80 % of the first-reply target amber, past it red. */
export const speedToLeadStates = ['ok', 'amber', 'red'] as const;
export const speedToLeadSchema = z.object({
  state: z.enum(speedToLeadStates),
  /** When the target is reached, counted in the property's office hours. */
  dueAt: isoDateSchema,
});
export type SpeedToLead = z.infer<typeof speedToLeadSchema>;

/** The lights of a lead, computed on the server from its inbox columns and the clock. */
export const leadLightsSchema = z.object({
  /** The lead spoke last, is not opted out on that channel, and no follow-up puts it off. */
  needsReply: z.boolean(),
  /** The oldest lead message since our last one; null when the lead does not wait for us. */
  waitingSince: isoDateSchema.nullable(),
  /** A follow-up is set and its time has passed. */
  followUpOverdue: z.boolean(),
  /** No message either way in 48 hours, and no follow-up set. */
  noContact48h: z.boolean(),
  /** Null unless the lead waits for a reply. */
  speedToLead: speedToLeadSchema.nullable(),
});
export type LeadLights = z.infer<typeof leadLightsSchema>;

export const followUpResponseSchema = z.object({
  followUpAt: isoDateSchema.nullable(),
  lights: leadLightsSchema,
});
export type FollowUpResponse = z.infer<typeof followUpResponseSchema>;
